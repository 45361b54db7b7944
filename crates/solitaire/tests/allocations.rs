//! Simulations allocate nothing per step: with the log off, a whole random game (set-up, every
//! decision, every legal-action list, every BOT roll, the outcome) makes only a handful of
//! allocations, however many steps it takes. Counted with a counting global allocator (this
//! test binary only), per thread, so the test harness's own threads (which allocate when the
//! machine is loaded and a test runs long) do not count against the game.

use fiw_engine::{Dice, Game};
use fiw_solitaire::{Options, Side, Solitaire};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Allocations made by this thread (const-initialised: reading it never allocates).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_random_game_allocates_only_a_handful_of_times() {
    let mut legal = Vec::with_capacity(64);
    let mut pick = Dice::new(9);
    let mut total_steps = 0;
    for side in [Side::British, Side::French] {
        // seed 0 warms the built-in data up (parsed once, on first use) and is not counted
        for seed in 0..200u64 {
            let before = allocations();
            let mut g = Solitaire::new(
                &Options {
                    side,
                    ..Default::default()
                },
                seed,
            )
            .unwrap();
            g.set_logging(false);
            let mut steps = 0;
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                let a = legal[pick.below(legal.len() as u32) as usize];
                g.apply_unchecked(a);
                steps += 1;
            }
            let _ = g.outcome();
            let made = allocations() - before;
            total_steps += steps;
            if seed > 0 {
                // the set-up's opening log lines (written before the log is turned off), the
                // outcome's reason and the copy `outcome()` returns: never one per step
                assert!(
                    made <= 6,
                    "{side:?} seed {seed}: {made} allocations in {steps} steps"
                );
            }
        }
    }
    assert!(
        total_steps > 10_000,
        "{total_steps} steps: the bound above is per game, not per step"
    );
}
