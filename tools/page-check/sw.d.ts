// The service worker's globals. The WebWorker library types `self` as a worker of any kind;
// sw.js runs as a service worker, so its scope has the members and events below
// (those of ServiceWorkerGlobalScope that sw.js uses).
interface WorkerGlobalScope {
  readonly clients: Clients;
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
}
interface WorkerGlobalScopeEventMap {
  activate: ExtendableEvent;
  fetch: FetchEvent;
  install: ExtendableEvent;
  message: ExtendableMessageEvent;
}
