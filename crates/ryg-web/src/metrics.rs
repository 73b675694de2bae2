//! What operators scrape: requests by route and status with their latency, the engine's queues
//! (depth, searches running, refusals), the computer's replies owed, open event streams, games
//! created, moves stored and store errors, as Prometheus text (OpenMetrics) through the
//! `prometheus-client` crate. Served on the `--metrics-addr` listener only, never to the public.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// A request answered: its method, route (as the router matched it) and status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub method: &'static str,
    pub route: String,
    pub status: u16,
}

/// A route, for its latency.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub method: &'static str,
    pub route: String,
}

/// One of the engine's queues: `analysis` or `games` (the computer's moves).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct QueueLabels {
    pub queue: &'static str,
}

/// A store error: `unavailable`, `conflict` or `query`.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ErrorLabels {
    pub kind: &'static str,
}

type Latency = Family<RouteLabels, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 0.5 ms to about 16 s
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

/// The server's metrics.
pub struct Metrics {
    registry: Registry,
    pub requests: Family<RequestLabels, Counter>,
    pub latency: Latency,
    pub queue_depth: Family<QueueLabels, Gauge>,
    pub queue_running: Family<QueueLabels, Gauge>,
    pub queue_refused: Family<QueueLabels, Counter>,
    pub replies_owed: Gauge,
    pub streams: Gauge,
    pub games_created: Counter,
    pub moves_stored: Counter,
    pub store_errors: Family<ErrorLabels, Counter>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered under the prefix `ryg`.
    pub fn new() -> Metrics {
        let mut m = Metrics {
            registry: Registry::with_prefix("ryg"),
            requests: Family::default(),
            latency: Family::new_with_constructor(latency_histogram),
            queue_depth: Family::default(),
            queue_running: Family::default(),
            queue_refused: Family::default(),
            replies_owed: Gauge::default(),
            streams: Gauge::default(),
            games_created: Counter::default(),
            moves_stored: Counter::default(),
            store_errors: Family::default(),
        };
        let r = &mut m.registry;
        r.register(
            "http_requests",
            "HTTP requests answered, by method, route and status",
            m.requests.clone(),
        );
        r.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request (an event stream: to its first byte), by method and route",
            m.latency.clone(),
        );
        r.register(
            "engine_queue_depth",
            "Engine searches running or waiting, by queue",
            m.queue_depth.clone(),
        );
        r.register("engine_running", "Engine searches running, by queue", m.queue_running.clone());
        r.register(
            "engine_refused",
            "Engine searches refused (429 or 503: the queue or the client's share full, or no worker in time)",
            m.queue_refused.clone(),
        );
        r.register(
            "computer_replies_owed",
            "Games whose computer reply is queued or being searched",
            m.replies_owed.clone(),
        );
        r.register("event_streams_open", "Live-update streams open", m.streams.clone());
        r.register("games_created", "Games created (rematches included)", m.games_created.clone());
        r.register("moves_stored", "Moves stored, people's and the computer's", m.moves_stored.clone());
        r.register("store_errors", "Game store errors, by kind", m.store_errors.clone());
        m
    }

    /// Counts one answered request.
    pub fn request(&self, method: &'static str, route: String, status: u16, seconds: f64) {
        self.latency.get_or_create(&RouteLabels { method, route: route.clone() }).observe(seconds);
        self.requests.get_or_create(&RequestLabels { method, route, status }).inc();
    }

    /// Counts a store error of `kind`.
    pub fn store_error(&self, kind: &'static str) {
        self.store_errors.get_or_create(&ErrorLabels { kind }).inc();
    }

    /// The metrics with `now`'s readings, as OpenMetrics text.
    pub fn render(&self, now: &Readings) -> String {
        for q in &now.queues {
            let labels = QueueLabels { queue: q.name };
            self.queue_depth.get_or_create(&labels).set(gauge(q.waiting));
            self.queue_running.get_or_create(&labels).set(gauge(q.running));
            let refused = self.queue_refused.get_or_create(&labels);
            refused.inc_by(q.refused.saturating_sub(refused.get()));
        }
        self.replies_owed.set(gauge(now.replies_owed));
        self.streams.set(gauge(now.streams));
        let mut text = String::new();
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// One engine queue as a scrape reads it.
pub struct QueueReading {
    pub name: &'static str,
    pub waiting: usize,
    pub running: usize,
    /// Refusals since the server started.
    pub refused: u64,
}

/// What a scrape reads from the server's state (the caller reads it: metrics know no state).
pub struct Readings {
    pub queues: Vec<QueueReading>,
    pub replies_owed: usize,
    pub streams: usize,
}

fn gauge(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The method as a label: one of the few the server answers, else `other` (a label never
/// takes what a client makes up).
pub fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method as M;
    match *method {
        M::GET => "GET",
        M::POST => "POST",
        M::HEAD => "HEAD",
        M::OPTIONS => "OPTIONS",
        _ => "other",
    }
}
