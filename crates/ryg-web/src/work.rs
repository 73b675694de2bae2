//! Engine work over HTTP, bounded: a fixed number of workers (at most the machine's cores)
//! shared in turns between client addresses ([`crate::fair`]), a queue of fixed length in front
//! of them, a share of it per client address, and every piece of work told to stop when its
//! client goes away. The games' queue keeps a second set of workers for light moves (a
//! tablebase read, a random move), so they never wait behind a search. A flood of analyses then waits its turn, or is
//! refused with `Retry-After`, instead of taking every thread and gigabytes of memory while the
//! games' own requests starve.

use crate::error::ErrorCode;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::error::ApiError;
use crate::fair::{Fair, Whose};

/// How much engine work the server takes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkLimits {
    /// Engine searches running at once (`--engine-workers`).
    pub workers: usize,
    /// Searches running or waiting, in all (`--engine-queue`); more: 503.
    pub queue: usize,
    /// Searches running or waiting for one client address (`--engine-per-client`); more: 429.
    pub per_client: usize,
    /// The longest a search waits for a worker before the server gives up on it: 503.
    pub max_wait: Duration,
    /// The longest analysis `/api/analyze` runs, in milliseconds (`--analysis-ms`).
    pub analysis_ms: u64,
    /// The deepest analysis `/api/analyze` runs (`--analysis-depth`).
    pub analysis_depth: u64,
    /// The longest the computer thinks about one move in a game, in milliseconds (`--move-ms`):
    /// a search still going then plays the best move it has found.
    pub move_ms: u64,
    /// Whether this is the games' queue (the computer's moves), not the analyses'.
    pub games: bool,
}

impl Default for WorkLimits {
    fn default() -> WorkLimits {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        WorkLimits {
            workers: cores,
            queue: 64,
            // half the queue: a class behind one address runs its lessons' searches, one address
            // alone cannot take the whole queue (and the workers go round between addresses)
            per_client: 32,
            max_wait: Duration::from_secs(30),
            analysis_ms: 10_000,
            analysis_depth: 40,
            move_ms: 5_000,
            games: false,
        }
    }
}

impl WorkLimits {
    /// The computer's replies in stored games: as many workers, a longer queue, and half of it
    /// for one address (a classroom behind one address plays its games; one address alone
    /// cannot take the whole queue). A reply is admitted before the move it answers is stored,
    /// and once admitted waits for a worker as long as it takes.
    pub fn for_games() -> WorkLimits {
        WorkLimits { queue: 512, per_client: 256, games: true, ..WorkLimits::default() }
    }
}

/// Set when the client that asked for a piece of work is gone, or the server shuts down: the
/// work should stop.
#[derive(Clone, Default)]
pub struct Cancel {
    gone: Arc<AtomicBool>,
    stopping: Option<Arc<AtomicBool>>,
}

impl Cancel {
    /// Whether the work's client went away or the server is shutting down.
    pub fn is_set(&self) -> bool {
        self.gone.load(Ordering::Relaxed) || self.stopping.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Sets the [`Cancel`] flag when the request's future is dropped (its client went away).
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.gone.store(true, Ordering::Relaxed);
    }
}

#[derive(Default)]
struct Counts {
    total: usize,
    per_client: HashMap<IpAddr, usize>,
}

/// The engine's work queue.
pub struct WorkQueue {
    limits: WorkLimits,
    workers: Arc<Fair>,
    /// Light work's own workers (games' queue: moves that read a table or play at random).
    light: Arc<Fair>,
    counts: Arc<Mutex<Counts>>,
    /// Work refused (429 or 503), for the metrics.
    refused: std::sync::atomic::AtomicU64,
    /// Raised when the server shuts down: the work [`WorkQueue::run`] runs stops then.
    stopping: Option<Arc<AtomicBool>>,
    /// How long a piece of work holds its worker, on average.
    took: Arc<WorkTime>,
}

/// How long work holds a worker: a moving average (each piece counts for an eighth), in
/// microseconds; 0 before any piece ended.
#[derive(Default)]
struct WorkTime(std::sync::atomic::AtomicU64);

impl WorkTime {
    fn note(&self, took: Duration) {
        let took = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let _ = self.0.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |avg| {
            Some(if avg == 0 { took } else { avg - avg / 8 + took / 8 })
        });
    }

    fn average(&self) -> Option<Duration> {
        let avg = self.0.load(Ordering::Relaxed);
        (avg > 0).then(|| Duration::from_micros(avg))
    }

    /// Runs `work`, noting how long it took.
    fn time<T>(&self, work: impl FnOnce() -> T) -> T {
        let started = std::time::Instant::now();
        let out = work();
        self.note(started.elapsed());
        out
    }
}

/// A place in the queue, given back when dropped.
pub struct Ticket {
    counts: Arc<Mutex<Counts>>,
    /// The address the place is counted under.
    client: IpAddr,
    /// The queue its work waits for a worker in.
    whose: Whose,
}

impl Ticket {
    /// The queue this ticket's work waits for a worker in.
    pub fn whose(&self) -> &Whose {
        &self.whose
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.total -= 1;
        if let Some(n) = counts.per_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                counts.per_client.remove(&self.client);
            }
        }
    }
}

impl WorkQueue {
    /// A queue with `limits` (workers, queue and share at least 1).
    pub fn new(limits: WorkLimits) -> WorkQueue {
        let limits = WorkLimits {
            workers: limits.workers.max(1),
            queue: limits.queue.max(1),
            per_client: limits.per_client.max(1),
            ..limits
        };
        WorkQueue {
            limits,
            workers: Fair::new(limits.workers),
            light: Fair::new(limits.workers),
            counts: Arc::default(),
            refused: std::sync::atomic::AtomicU64::new(0),
            stopping: None,
            took: Arc::default(),
        }
    }

    /// The same queue, whose work stops when `stopping` is raised (the server shuts down),
    /// as when its client goes away.
    #[must_use]
    pub fn stopped_by(self, stopping: Arc<AtomicBool>) -> WorkQueue {
        WorkQueue { stopping: Some(stopping), ..self }
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The queue's limits.
    pub fn limits(&self) -> WorkLimits {
        self.limits
    }

    /// Searches running or waiting.
    pub fn len(&self) -> usize {
        self.counts().total
    }

    /// Whether nothing runs or waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Searches running now (the workers taken).
    pub fn running(&self) -> usize {
        self.workers.busy() + self.light.busy()
    }

    /// Work refused so far (429 or 503).
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// A place in the queue for `client`, taken now, before anything is done for it (the work
    /// runs later, through [`WorkQueue::play`]).
    ///
    /// # Errors
    /// 429 when the client has its share of the queue already, 503 when the queue is full.
    pub fn admit(&self, client: IpAddr) -> Result<Ticket, ApiError> {
        let admitted = self.try_admit(client);
        if admitted.is_err() {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        admitted
    }

    /// A place in the queue for `client` whatever the limits (work that must be done: the next
    /// of several replies the computer owes a game, a reply recovered from the store), its work
    /// waiting for a worker in `whose` queue.
    pub fn admit_anyway(&self, client: IpAddr, whose: Whose) -> Ticket {
        self.take_place(&mut self.counts(), client, whose)
    }

    /// Counts a place for `client` in `counts` (this queue's, held locked): the ticket that
    /// gives it back.
    fn take_place(&self, counts: &mut Counts, client: IpAddr, whose: Whose) -> Ticket {
        counts.total += 1;
        *counts.per_client.entry(client).or_default() += 1;
        Ticket { counts: Arc::clone(&self.counts), client, whose }
    }

    fn try_admit(&self, client: IpAddr) -> Result<Ticket, ApiError> {
        let mut counts = self.counts();
        let mine = counts.per_client.get(&client).copied().unwrap_or(0);
        if mine >= self.limits.per_client {
            let message = if self.limits.games {
                format!(
                    "limit of {} computer moves waiting at once per client address reached; try again when one has been played",
                    self.limits.per_client
                )
            } else {
                format!(
                    "limit of {} engine searches at once per client address reached (--engine-per-client); try again when one has finished",
                    self.limits.per_client
                )
            };
            return Err(
                ApiError::new(ErrorCode::RateLimited, message).retry_after(self.place_frees_in(&counts))
            );
        }
        if counts.total >= self.limits.queue && self.limits.games {
            return Err(ApiError::new(ErrorCode::Busy,
                format!(
                    "the computer is busy: {} of its moves are being played or waiting; try again in a moment",
                    counts.total
                ),
            )
            .retry_after(1));
        }
        if counts.total >= self.limits.queue {
            return Err(ApiError::new(ErrorCode::Busy,
                format!(
                    "the engine is busy: {} searches are running or waiting (--engine-queue); try again in a moment",
                    counts.total
                ),
            )
            .retry_after(1));
        }
        Ok(self.take_place(&mut counts, client, Whose::Address(client)))
    }

    /// An estimate, in seconds, of when a client whose share of the queue is full gets a place
    /// back: once its first piece of work is done, which takes one piece's time (on average so
    /// far; before any, the longest a piece may take) for each round of the workers between the
    /// addresses with work queued.
    fn place_frees_in(&self, counts: &Counts) -> u64 {
        let longest = if self.limits.games { self.limits.move_ms } else { self.limits.analysis_ms };
        let piece = self.took.average().unwrap_or(Duration::from_millis(longest));
        let rounds = counts.per_client.len().max(1).div_ceil(self.limits.workers);
        let wait = piece.saturating_mul(u32::try_from(rounds).unwrap_or(u32::MAX));
        (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).clamp(1, 3600)
    }

    /// Runs `work`, admitted with `ticket`, on one of the engine's workers once one is free and
    /// it is its address's turn, however long that takes; nobody cancels it (a computer's reply
    /// in a stored game is always played). `light` work (a table read, a random move: a
    /// millisecond) has workers of its own, so it never waits behind a search.
    ///
    /// # Errors
    /// `work`'s own errors.
    pub async fn play<T: Send + 'static>(
        &self,
        ticket: Ticket,
        light: bool,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let lane = if light { &self.light } else { &self.workers };
        let permit = lane.take(ticket.whose.clone()).await;
        let took = Arc::clone(&self.took);
        tokio::task::spawn_blocking(move || {
            let _held = (permit, ticket);
            took.time(work)
        })
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("engine task failed: {e}"))))
    }

    /// Runs `work` for `client` on one of the engine's workers, after the work queued before it.
    /// `work` should look at its [`Cancel`] now and then: it is set when this future is dropped
    /// (the client went away); the worker stays taken until `work` returns.
    ///
    /// # Errors
    /// 429 when the client has its share of the queue already, 503 when the queue is full or
    /// no worker came free in time, and `work`'s own errors.
    pub async fn run<T: Send + 'static>(
        &self,
        client: IpAddr,
        work: impl FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _ticket = self.admit(client)?;
        let permit =
            tokio::time::timeout(self.limits.max_wait, self.workers.take(client)).await.map_err(|_| {
                self.refused.fetch_add(1, Ordering::Relaxed);
                ApiError::new(
                    ErrorCode::Busy,
                    format!(
                        "the engine is busy: no worker came free within {} s; try again in a moment",
                        self.limits.max_wait.as_secs()
                    ),
                )
                .retry_after(1)
            })?;
        let cancel = Cancel { gone: Arc::default(), stopping: self.stopping.clone() };
        let _stop = CancelOnDrop(cancel.clone());
        let took = Arc::clone(&self.took);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            took.time(|| work(&cancel))
        })
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("engine task failed: {e}"))))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;
    use std::time::Instant;

    use super::*;

    fn addr(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    fn limits(workers: usize, queue: usize, per_client: usize) -> WorkLimits {
        WorkLimits { workers, queue, per_client, max_wait: Duration::from_secs(5), ..WorkLimits::default() }
    }

    /// Work that runs until cancelled (or 5 s), counting how many run at once.
    fn spin(
        running: &Arc<AtomicUsize>,
        most: &Arc<AtomicUsize>,
    ) -> impl FnOnce(&Cancel) -> Result<(), ApiError> {
        let (running, most) = (Arc::clone(running), Arc::clone(most));
        move |cancel| {
            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
            most.fetch_max(now, Ordering::SeqCst);
            let started = Instant::now();
            while !cancel.is_set() && started.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(1));
            }
            running.fetch_sub(1, Ordering::SeqCst);
            Ok(())
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_workers_run_and_a_full_queue_answers_503_then_429_per_client() {
        let queue = Arc::new(WorkQueue::new(limits(2, 5, 3)));
        let (running, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let mut tasks = Vec::new();
        for i in 0..5 {
            let (q, work) = (Arc::clone(&queue), spin(&running, &most));
            tasks.push(tokio::spawn(async move { q.run(addr(i % 2), work).await }));
        }
        while queue.len() < 5 || running.load(Ordering::SeqCst) < 2 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let full = queue.run(addr(9), |_| Ok(())).await.unwrap_err();
        assert_eq!((full.status().as_u16(), full.code, full.retry_after), (503, ErrorCode::Busy, Some(1)));
        assert!(full.message.contains("5 searches are running or waiting"), "{}", full.message);
        let mine = queue.run(addr(0), |_| Ok(())).await.unwrap_err();
        assert_eq!((mine.status().as_u16(), mine.code), (429, ErrorCode::RateLimited));
        assert!(mine.message.contains("3 engine searches at once per client address"), "{}", mine.message);
        for t in &tasks {
            t.abort();
        }
        for t in tasks {
            let _ = t.await;
        }
        while running.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(most.load(Ordering::SeqCst), 2, "more searches ran than there are workers");
        assert!(queue.is_empty());
        assert_eq!(queue.run(addr(0), |_| Ok(7)).await.unwrap(), 7);
    }

    /// A full share of the computer's queue says when a place comes free: one piece of work's
    /// time per round of the workers between addresses (before: always 1 s, while the queue
    /// stayed full for minutes).
    #[test]
    fn a_full_share_says_when_a_place_comes_free() {
        let games = WorkLimits { move_ms: 4_000, ..WorkLimits::for_games() };
        let queue = WorkQueue::new(WorkLimits { workers: 1, per_client: 2, ..games });
        let _held = [queue.admit(addr(1)).unwrap(), queue.admit(addr(1)).unwrap()];
        let retry_of = |q: &WorkQueue| q.admit(addr(1)).err().and_then(|e| e.retry_after);
        assert_eq!(retry_of(&queue), Some(4), "no move played yet: the longest one takes");
        let _other = queue.admit(addr(2)).unwrap();
        assert_eq!(retry_of(&queue), Some(8), "two addresses take turns on one worker");
        queue.took.note(Duration::from_millis(1_500));
        assert_eq!(retry_of(&queue), Some(3), "moves take 1.5 s: 2 × 1.5 s");
        let analyses = WorkQueue::new(WorkLimits { analysis_ms: 7_000, ..limits(4, 64, 1) });
        let _held = analyses.admit(addr(1)).unwrap();
        assert_eq!(retry_of(&analyses), Some(7), "the longest analysis");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_whose_client_went_away_is_told_to_stop() {
        let queue = Arc::new(WorkQueue::new(limits(1, 4, 4)));
        let (running, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let started = Instant::now();
        let q = Arc::clone(&queue);
        let work = spin(&running, &most);
        let request = tokio::spawn(async move { q.run(addr(1), work).await });
        while running.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        request.abort();
        // the worker comes free long before the work's own 5 s
        assert_eq!(queue.run(addr(2), |_| Ok("next")).await.unwrap(), "next");
        assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    }

    /// One address that keeps the analysis workers busy for as long as it likes (ten searches
    /// queued on two workers) cannot hold them from another address: the workers go round
    /// between addresses, so the other waits for one of its searches per worker at most.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_address_cannot_hold_every_analysis_worker() {
        let queue = Arc::new(WorkQueue::new(limits(2, 64, 32)));
        let (tx, mut started) = tokio::sync::mpsc::unbounded_channel();
        let gate = Arc::new(tokio::sync::Semaphore::new(0));
        // a search of address 1 that runs until the test lets one search end
        let search = |label: &'static str| {
            let (tx, gate) = (tx.clone(), Arc::clone(&gate));
            move |_: &Cancel| {
                tx.send(label).unwrap();
                let _ = tokio::runtime::Handle::current().block_on(gate.acquire()).map(|p| p.forget());
                Ok(())
            }
        };
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let (q, work) = (Arc::clone(&queue), search("first"));
            tasks.push(tokio::spawn(async move { q.run(addr(1), work).await }));
        }
        // both workers taken by address 1, eight more of its searches waiting
        for _ in 0..2 {
            assert_eq!(started.recv().await, Some("first"));
        }
        while queue.len() < 10 {
            tokio::task::yield_now().await;
        }
        let (q, work) = (Arc::clone(&queue), search("second"));
        tasks.push(tokio::spawn(async move { q.run(addr(2), work).await }));
        while queue.len() < 11 {
            tokio::task::yield_now().await;
        }
        // address 1's searches end one by one: address 2 has a worker after one search per
        // worker at most (it waits behind the turn address 1 had before it came), not after
        // address 1's whole backlog
        let mut before = Vec::new();
        loop {
            gate.add_permits(1);
            match started.recv().await {
                Some("second") => break,
                other => before.push(other),
            }
        }
        assert!(before.len() < 2, "address 2 waited for {} of address 1's searches", before.len());
        gate.add_permits(100);
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        assert!(queue.is_empty());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn waiting_too_long_for_a_worker_answers_503() {
        let queue =
            Arc::new(WorkQueue::new(WorkLimits { max_wait: Duration::from_millis(50), ..limits(1, 4, 4) }));
        let (running, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (q, work) = (Arc::clone(&queue), spin(&running, &most));
        let busy = tokio::spawn(async move { q.run(addr(1), work).await });
        while running.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let late = queue.run(addr(2), |_| Ok(())).await.unwrap_err();
        assert_eq!((late.status().as_u16(), late.code), (503, ErrorCode::Busy));
        assert!(late.message.contains("no worker came free"), "{}", late.message);
        busy.abort();
        let _ = busy.await;
    }
}
