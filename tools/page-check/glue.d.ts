// ryg.js, wasm-bindgen's no-modules output, loaded as a plain script (offline.js) or with
// importScripts (sw.js): its one global, the engine's loader, with the engine's `call`.
declare const wasm_bindgen: {
  (init: { module_or_path: URL | string | BufferSource }): Promise<unknown>;
  call(request: string, token?: string, body?: string): unknown;
};
