// The ryg engine in WebAssembly (crates/ryg-wasm): `rygLoadEngine(bytes)` instantiates the
// module and resolves to `call(request)`, which answers a request line such as
// "GET /api/solve?fen=..." with { status, body } (the body JSON text) — the answers of a ryg
// server, computed by the same Rust code. A plain script (no import or export), so the service
// worker loads it with importScripts and Node (the tests, the benchmark) with import().
globalThis.rygLoadEngine = async function rygLoadEngine(bytes) {
  const imports = { ryg: { now: () => performance.now(), wall: () => Date.now() } };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  const x = instance.exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return function call(request) {
    const bytesIn = encoder.encode(request);
    const ptr = x.ryg_alloc(bytesIn.length);
    new Uint8Array(x.memory.buffer, ptr, bytesIn.length).set(bytesIn);
    const len = x.ryg_call(ptr, bytesIn.length);
    const text = decoder.decode(new Uint8Array(x.memory.buffer, x.ryg_answer_ptr(), len));
    const nl = text.indexOf('\n');
    return { status: Number(text.slice(0, nl)), body: text.slice(nl + 1) };
  };
};
