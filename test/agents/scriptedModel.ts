/**
 * A scripted model on 127.0.0.1 that speaks the three wire APIs the CLI agents use, so `npm run test:agents` drives
 * the real Claude Code, Codex and Gemini CLI without a model (and without any traffic off this machine):
 *
 * | agent       | wire API                           | endpoint                                               |
 * |-------------|------------------------------------|--------------------------------------------------------|
 * | Claude Code | Anthropic Messages, SSE streaming  | POST /v1/messages                                      |
 * | Codex       | OpenAI Responses, SSE streaming    | POST /v1/responses                                     |
 * | Gemini CLI  | Gemini generateContent (+ stream)  | POST /v1beta/models/<m>:(stream)generateContent        |
 *
 * The script is the same for all three and stateless (it reads how far the conversation got from the request):
 * turn 1 calls the overlay's write tool (found in the request's tool list by its suffix), turn 2 calls the agent's
 * built-in writer, turn 3 answers in text. Every request and every tool result is recorded for the test to check.
 * Requests without the overlay tools (titles, summaries, routing) get a short text answer.
 *
 * Wire shapes: https://docs.anthropic.com/en/api/messages-streaming, https://platform.openai.com/docs/api-reference/responses-streaming,
 * https://ai.google.dev/api/generate-content (facts from the documentation; no code copied).
 */
import * as http from 'http';
import type { AddressInfo } from 'net';

export type Wire = 'anthropic' | 'responses' | 'gemini';

/** One step of the script, as the agent should perform it. */
export type ScriptStep =
  | { readonly kind: 'call'; readonly tool: (names: readonly string[]) => string | undefined; readonly args: (name: string) => Record<string, unknown>; readonly freeform?: (name: string) => string }
  | { readonly kind: 'text'; readonly text: string };

export interface RecordedRequest {
  readonly wire: Wire;
  readonly path: string;
  readonly body: unknown;
  /** The tool names the request offered the model. */
  readonly tools: readonly string[];
}

export interface ScriptedModel {
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** The text of every tool result the agents sent back, in order. */
  readonly toolResults: string[];
  /** The tool calls the script made (the names as the agent offered them). */
  readonly calls: string[];
  setScript(steps: readonly ScriptStep[]): void;
  close(): Promise<void>;
}

export async function startScriptedModel(): Promise<ScriptedModel> {
  let script: readonly ScriptStep[] = [];
  const requests: RecordedRequest[] = [];
  const toolResults: string[] = [];
  const calls: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', c => chunks.push(c as Buffer));
    req.on('end', () => {
      const url = req.url ?? '/';
      let body: unknown = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        res.writeHead(400).end('not JSON');
        return;
      }
      try {
        route(url, req.method ?? 'GET', body, res);
      } catch (e) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(e) } }));
      }
    });
  });

  function route(url: string, method: string, body: unknown, res: http.ServerResponse): void {
    const path = url.split('?')[0];
    if (method === 'POST' && /\/messages\/count_tokens$/.test(path)) return json(res, { input_tokens: 100 });
    if (method === 'POST' && /\/messages$/.test(path)) return anthropic(path, body as AnthropicRequest, res);
    if (method === 'POST' && /\/responses$/.test(path)) return responses(path, body as ResponsesRequest, res);
    if (method === 'POST' && /:countTokens$/.test(path)) return json(res, { totalTokens: 100 });
    const g = /\/models\/([^/:]+):(streamGenerateContent|generateContent)$/.exec(path);
    if (method === 'POST' && g) return gemini(path, body as GeminiRequest, g[2] === 'streamGenerateContent', res);
    if (method === 'GET' && /\/models$/.test(path)) return json(res, { data: [], models: [] });
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `scripted model: no route for ${method} ${path}` } }));
  }

  /** The step for a conversation that has seen `done` tool results, or undefined for side requests. */
  function step(tools: readonly string[], done: number): ScriptStep {
    const scripted = script.length > 0 && script.some(s => s.kind === 'call' && s.tool(tools) !== undefined);
    if (!scripted) return { kind: 'text', text: 'ok' };
    return script[Math.min(done, script.length - 1)];
  }

  // ── Anthropic Messages ──
  interface AnthropicRequest { stream?: boolean; tools?: { name: string }[]; messages?: { role: string; content: unknown }[] }
  function anthropic(path: string, body: AnthropicRequest, res: http.ServerResponse): void {
    const tools = (body.tools ?? []).map(t => t.name);
    requests.push({ wire: 'anthropic', path, body, tools });
    const results = (body.messages ?? []).flatMap(m => (Array.isArray(m.content) ? m.content as { type: string; content?: unknown }[] : []))
      .filter(b => b.type === 'tool_result');
    recordResults(results.map(r => flatten(r.content)));
    const s = step(tools, results.length);
    const id = `msg_${requests.length}`;
    const name = s.kind === 'call' ? callName(s, tools) : '';
    const content = s.kind === 'text'
      ? [{ type: 'text', text: s.text }]
      : [{ type: 'tool_use', id: `toolu_${requests.length}`, name, input: s.args(name) }];
    const stop = s.kind === 'text' ? 'end_turn' : 'tool_use';
    const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    if (!body.stream) return json(res, { id, type: 'message', role: 'assistant', model: 'scripted', content, stop_reason: stop, stop_sequence: null, usage });
    const events = sse(res);
    events('message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model: 'scripted', content: [], stop_reason: null, stop_sequence: null, usage } });
    content.forEach((block, index) => {
      if (block.type === 'text') {
        events('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        events('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: (block as { text: string }).text } });
      } else {
        const b = block as { id: string; name: string; input: object };
        events('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
        events('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) } });
      }
      events('content_block_stop', { type: 'content_block_stop', index });
    });
    events('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } });
    events('message_stop', { type: 'message_stop' });
    res.end();
  }

  // ── OpenAI Responses ──
  interface ResponsesTool { type: string; name?: string; tools?: ResponsesTool[] }
  interface ResponsesRequest { input?: { type?: string; output?: unknown; tools?: ResponsesTool[] }[]; tools?: ResponsesTool[] }
  function responses(path: string, body: ResponsesRequest, res: http.ServerResponse): void {
    // Tools may be grouped under a namespace (`{ type: "namespace", name, tools }`); offer their full names.
    const flat: { name: string; type: string; namespace?: string }[] = [];
    // Codex defers MCP tools behind a client-side `tool_search` for models that support it: the tools it found come
    // back in the input as `tool_search_output` items, and count as offered from then on.
    const found = (body.input ?? []).filter(i => i.type === 'tool_search_output').flatMap(i => i.tools ?? []);
    for (const t of [...(body.tools ?? []), ...found]) {
      if (t.type === 'namespace' && t.tools) for (const inner of t.tools) flat.push({ name: `${t.name}__${inner.name}`, type: inner.type, namespace: t.name });
      else if (t.name) flat.push({ name: t.name, type: t.type });
    }
    const tools = flat.map(t => t.name);
    const searchable = (body.tools ?? []).some(t => t.type === 'tool_search');
    requests.push({ wire: 'responses', path, body, tools });
    const outputs = (body.input ?? []).filter(i => i.type === 'function_call_output' || i.type === 'custom_tool_call_output' || i.type === 'mcp_tool_call_output');
    recordResults(outputs.map(o => flatten(o.output)));
    const s = step(tools, outputs.length);
    const n = requests.length;
    let item: Record<string, unknown>;
    const searches = (body.input ?? []).filter(i => i.type === 'tool_search_call').length;
    if (s.kind === 'call' && searchable && s.tool(tools) === undefined && searches < 2) {
      item = { type: 'tool_search_call', id: `ts_${n}`, call_id: `call_${n}`, status: 'completed', execution: 'client', arguments: { query: 'agent overlay overlay_writeFile write file', limit: 8 } };
    } else if (s.kind === 'text') {
      item = { type: 'message', id: `msg_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: s.text, annotations: [] }] };
    } else {
      const name = callName(s, tools);
      const tool = flat.find(t => t.name === name)!;
      const bare = tool.namespace ? name.slice(tool.namespace.length + 2) : name;
      item = tool.type === 'custom'
        ? { type: 'custom_tool_call', id: `ctc_${n}`, call_id: `call_${n}`, name: bare, input: s.freeform ? s.freeform(name) : JSON.stringify(s.args(name)), status: 'completed', ...(tool.namespace ? { namespace: tool.namespace } : {}) }
        : { type: 'function_call', id: `fc_${n}`, call_id: `call_${n}`, name: bare, arguments: JSON.stringify(s.args(name)), status: 'completed', ...(tool.namespace ? { namespace: tool.namespace } : {}) };
    }
    const response = { id: `resp_${n}`, object: 'response', status: 'completed', model: 'scripted', output: [item], usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 } };
    const events = sse(res);
    events('response.created', { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } });
    events('response.output_item.added', { type: 'response.output_item.added', output_index: 0, item });
    if (s.kind === 'text') events('response.output_text.delta', { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: s.text });
    events('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
    events('response.completed', { type: 'response.completed', response });
    res.end();
  }

  // ── Gemini generateContent ──
  interface GeminiRequest { contents?: { role?: string; parts?: { functionResponse?: { response?: unknown } }[] }[]; tools?: { functionDeclarations?: { name: string }[] }[] }
  function gemini(path: string, body: GeminiRequest, stream: boolean, res: http.ServerResponse): void {
    const tools = (body.tools ?? []).flatMap(t => (t.functionDeclarations ?? []).map(f => f.name));
    requests.push({ wire: 'gemini', path, body, tools });
    const responsesSeen = (body.contents ?? []).flatMap(c => c.parts ?? []).filter(p => p.functionResponse);
    recordResults(responsesSeen.map(p => flatten(p.functionResponse?.response)));
    const s = step(tools, responsesSeen.length);
    const name = s.kind === 'call' ? callName(s, tools) : '';
    const part = s.kind === 'text' ? { text: s.text } : { functionCall: { name, args: s.args(name) } };
    const answer = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'scripted',
    };
    if (!stream) return json(res, answer);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(`data: ${JSON.stringify(answer)}\r\n\r\n`);
  }

  function callName(s: Extract<ScriptStep, { kind: 'call' }>, tools: readonly string[]): string {
    const name = s.tool(tools);
    if (!name) throw new Error(`scripted model: the agent offered none of the tools this step calls (offered: ${tools.join(', ')})`);
    calls.push(name);
    return name;
  }

  /** Tool results are re-sent with every later request: record each one once, in order. */
  function recordResults(all: string[]): void {
    for (let i = toolResultsSeenIn(all); i < all.length; i++) toolResults.push(all[i]);
  }
  let seen = 0;
  function toolResultsSeenIn(all: string[]): number {
    // Conversations restart at 0 when the test moves to the next agent (setScript resets `seen`).
    const from = Math.min(seen, all.length);
    seen = Math.max(seen, all.length);
    return from;
  }

  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests, toolResults, calls,
    setScript: steps => {
      script = steps;
      seen = 0;
    },
    close: () => new Promise(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function json(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sse(res: http.ServerResponse): (event: string, data: unknown) => void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (event, data) => void res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A tool result's text, whatever shape the wire gives it (a string, content blocks, an object). */
function flatten(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(flatten).join('\n');
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
    return JSON.stringify(v);
  }
  return String(v);
}
