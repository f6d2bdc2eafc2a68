import * as assert from 'assert';
import { hasConflictMarkers } from '../../../src/ui/conflictMarkers';

describe('hasConflictMarkers', () => {
  it('finds the markers the three-way merge writes, with LF or CRLF', () => {
    assert.ok(hasConflictMarkers('a\n<<<<<<< agent\nx\n=======\ny\n>>>>>>> disk\n'));
    assert.ok(hasConflictMarkers('a\r\n<<<<<<<\r\nx\r\n'));
    assert.ok(hasConflictMarkers('>>>>>>> disk'));
  });

  it('leaves text that only looks similar alone', () => {
    assert.ok(!hasConflictMarkers('merged bee\n'));
    assert.ok(!hasConflictMarkers('x <<<<<<< agent\n'));
    assert.ok(!hasConflictMarkers('<<<<<<<<<< not a marker\n======= (a heading rule)\n'));
  });
});
