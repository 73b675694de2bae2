// The ryg engine in WebAssembly (crates/ryg-wasm): `rygLoadEngine(bytes)` instantiates the
// module and resolves to `call(request)`, which answers a request line such as
// "GET /api/solve?fen=..." with { status, body } (the body JSON text) — the answers of a ryg
// server, computed by the same Rust code. A request that acts on a game carries its seat's
// token and its body: call("POST /api/games/ID/moves", { token, body }). A plain script (no import or export), so the service
// worker loads it with importScripts and Node (the tests, the benchmark) with import().
globalThis.rygLoadEngine = async function rygLoadEngine(bytes) {
  let memory = null;
  const random = (ptr, len) => crypto.getRandomValues(new Uint8Array(memory.buffer, ptr, len));
  const imports = { ryg: { now: () => performance.now(), wall: () => Date.now(), random } };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  memory = instance.exports.memory;
  const x = instance.exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return function call(request, { token, body } = {}) {
    let req = request;
    if (token || body) req += `\n${token ? `Authorization: Bearer ${token}` : ''}\n\n${body || ''}`;
    const bytesIn = encoder.encode(req);
    const ptr = x.ryg_alloc(bytesIn.length);
    new Uint8Array(x.memory.buffer, ptr, bytesIn.length).set(bytesIn);
    const len = x.ryg_call(ptr, bytesIn.length);
    const text = decoder.decode(new Uint8Array(x.memory.buffer, x.ryg_answer_ptr(), len));
    const nl = text.indexOf('\n');
    return { status: Number(text.slice(0, nl)), body: text.slice(nl + 1) };
  };
};
