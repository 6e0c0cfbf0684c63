import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeOrWait } from './export-payments.service';

/** A client that reads one chunk at a time, slowly: every write asks the writer to wait for 'drain'. */
function slowClient() {
  const received: string[] = [];
  const out = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      received.push(chunk.toString());
      setTimeout(callback, 1);
    },
  });
  return { out, received };
}

describe('writeOrWait', () => {
  it('waits for each drain and leaves no listener behind, however many waits a long export makes', async () => {
    const { out, received } = slowClient();
    const before = { close: out.listenerCount('close'), error: out.listenerCount('error') };
    for (let n = 0; n < 50; n++) await writeOrWait(out, `line ${n}\n`);
    expect(received).toHaveLength(50);
    expect(out.listenerCount('drain')).toBe(0);
    expect(out.listenerCount('close')).toBe(before.close);
    expect(out.listenerCount('error')).toBe(before.error);
  });

  it('stops waiting when the client leaves', async () => {
    const { out } = slowClient();
    const waiting = writeOrWait(out, 'x'.repeat(100));
    out.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });
});
