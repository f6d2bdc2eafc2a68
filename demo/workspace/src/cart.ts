export interface Item {
  name: string;
  price: number;
  quantity: number;
}

export function total(items: Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.price * item.quantity;
  }
  return sum;
}
