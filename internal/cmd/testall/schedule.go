package main

import (
	"context"
	"regexp"
	"sync"
	"time"
)

// A Result is what became of one part.
type Result struct {
	Status      string // "ok", "FAIL" or "SKIPPED: reason"
	Wall, CPU   time.Duration
	Failed      []string // the commands that failed
	NoToolchain bool     // skipped because its Go toolchain could not be had
}

// Select splits the plan's parts into those that run and those that do not:
// with quick, only those the plan's quick line matches; with parts, only
// those it matches (by name, or by the name as written in the plan).
func (pl *Plan) Select(quick bool, parts *regexp.Regexp) (run, notRun []*Part) {
	for _, p := range pl.Parts {
		keep := (!quick || pl.Quick != nil && matches(pl.Quick, p)) && (parts == nil || matches(parts, p))
		if keep {
			run = append(run, p)
		} else {
			notRun = append(notRun, p)
		}
	}
	return run, notRun
}

// queues hold the parts still to run, one queue per Go toolchain in the
// order the plan names them: the toolchains share no build cache, so each
// queue's parts build on one another and the queues run side by side. The
// first workers each own a queue and take its parts from the front; a worker
// whose queue is empty (or who owns none) helps the queue with the most parts
// left, from the back while that queue's owner works on its front (the last
// parts build nothing the others share), from the front when it has no owner.
type queues struct {
	mu      sync.Mutex
	q       [][]*Part
	workers int
}

func newQueues(parts []*Part, workers int) *queues {
	qs := &queues{workers: workers}
	index := map[string]int{}
	for _, p := range parts {
		tc := p.Mode.Toolchain()
		i, ok := index[tc]
		if !ok {
			i = len(qs.q)
			index[tc] = i
			qs.q = append(qs.q, nil)
		}
		qs.q[i] = append(qs.q[i], p)
	}
	return qs
}

// next is the part worker w runs next; nil when none is left.
func (qs *queues) next(w int) *Part {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	if w < len(qs.q) && len(qs.q[w]) > 0 {
		p := qs.q[w][0]
		qs.q[w] = qs.q[w][1:]
		return p
	}
	best := -1
	for i, q := range qs.q {
		if len(q) > 0 && (best < 0 || len(q) > len(qs.q[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	q := qs.q[best]
	if best < qs.workers {
		qs.q[best] = q[:len(q)-1]
		return q[len(q)-1]
	}
	qs.q[best] = q[1:]
	return q[0]
}

// runAll runs the parts on the given number of workers and returns each
// part's result. A failing part does not stop the others; once ctx is done,
// the parts not started yet are skipped.
func runAll(ctx context.Context, parts []*Part, workers int, run func(context.Context, *Part) Result) map[*Part]Result {
	workers = max(workers, 1)
	qs := newQueues(parts, workers)
	results := make(map[*Part]Result, len(parts))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for p := qs.next(w); p != nil; p = qs.next(w) {
				r := Result{Status: "SKIPPED: interrupted"}
				if ctx.Err() == nil {
					r = run(ctx, p)
				}
				mu.Lock()
				results[p] = r
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return results
}
