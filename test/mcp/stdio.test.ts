/** StdioTransport on Web streams in process: framing, bad input, batches, server requests answered by the client. */
import { describe, expect, it } from 'vitest';
import { StdioTransport } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';

/** A pipe pair: what the test writes is the transport's input; the transport's output lines are collected. */
function pipes() {
  const input = new TransformStream<Uint8Array, Uint8Array>();
  const inWriter = input.writable.getWriter();
  const lines: any[] = [];
  const waiters: (() => void)[] = [];
  let pending = '';
  const output = new WritableStream<Uint8Array>({
    write(chunk) {
      pending += new TextDecoder().decode(chunk);
      let nl: number;
      while ((nl = pending.indexOf('\n')) !== -1) {
        lines.push(JSON.parse(pending.slice(0, nl)));
        pending = pending.slice(nl + 1);
        waiters.splice(0).forEach((w) => w());
      }
    },
  });
  const encoder = new TextEncoder();
  return {
    input: input.readable,
    output,
    lines,
    write: (text: string) => inWriter.write(encoder.encode(text)),
    end: () => inWriter.close(),
    async waitFor(count: number) {
      while (lines.length < count) await new Promise<void>((r) => waiters.push(r));
      return lines;
    },
  };
}

describe('StdioTransport', () => {
  it('answers newline-delimited requests, split across chunks, and writes nothing but JSON-RPC lines', async () => {
    const io = pipes();
    const logged: string[] = [];
    const done = demoServer().start(new StdioTransport({ input: io.input, output: io.output, debug: true, log: (l) => logged.push(l) }));
    await io.write(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{}}}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,',
    );
    await io.write('"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}\r\n');
    const lines = await io.waitFor(2);
    expect(lines[0].result.protocolVersion).toBe('2024-11-05');
    expect(lines[1]).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'hi' }] } });
    await io.end();
    await done;
    expect(logged.some((l) => l.includes('<- {"jsonrpc":"2.0","id":2'))).toBe(true);
    for (const line of lines) expect(line.jsonrpc).toBe('2.0');
  });

  it('answers a line that is not JSON with -32700 and keeps going; batches get a batch answer', async () => {
    const io = pipes();
    const done = demoServer().start(new StdioTransport({ input: io.input, output: io.output }));
    await io.write('this is not json\n[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"nope"}]\n[]\n');
    const lines = await io.waitFor(3);
    expect(lines).toContainEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not valid JSON' } });
    expect(lines).toContainEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: nope' } },
    ]);
    expect(lines).toContainEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: an empty batch' } });
    await io.end();
    await done;
  });

  it('routes the client answer of sampling/createMessage back to the waiting tool', async () => {
    const io = pipes();
    const done = demoServer().start(new StdioTransport({ input: io.input, output: io.output }));
    await io.write(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"sampling":{}}}}\n',
    );
    await io.waitFor(1);
    await io.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask_model","arguments":{"question":"2+2?"}}}\n');
    const [, request] = await io.waitFor(2);
    expect(request).toMatchObject({
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: '2+2?' } }] },
    });
    await io.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { role: 'assistant', model: 'm', content: { type: 'text', text: '4' } } })}\n`,
    );
    const lines = await io.waitFor(3);
    expect(lines[2]).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'model said: 4' }] } });
    await io.end();
    await done;
  });

  it('refuses sampling at once for a client that did not declare it', async () => {
    const io = pipes();
    const done = demoServer().start(new StdioTransport({ input: io.input, output: io.output }));
    await io.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}\n');
    await io.waitFor(1);
    await io.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask_model","arguments":{"question":"q"}}}\n');
    const lines = await io.waitFor(2);
    expect(lines[1].error.message).toContain('did not declare the "sampling" capability');
    await io.end();
    await done;
  });

  it('takes any object with write() as output and any async iterable as input', async () => {
    const written: string[] = [];
    async function* input() {
      yield '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
    }
    await demoServer().start(new StdioTransport({ input: input(), output: { write: (s: string) => written.push(s) } }));
    expect(written).toEqual(['{"jsonrpc":"2.0","id":1,"result":{}}\n']);
  });

  it('refuses an unknown transport name', () => {
    expect(() => demoServer().start('carrier-pigeon' as never)).toThrow(/Unknown transport/);
  });
});
