package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"
)

// panicError is a panic of an encoder, recovered by call.
type panicError struct{ value any }

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

// call runs marshal once, turning a panic into a *panicError so that one broken
// encoder cannot take the whole bench down.
func call(marshal func() ([]byte, error)) (out []byte, err error) {
	if perr := recovered(func() { out, err = marshal() }); perr != nil {
		return nil, perr
	}
	return out, err
}

// isPanic reports whether err is a recovered panic: such an encoder is never
// timed, as it would panic on every call.
func isPanic(err error) bool {
	var p *panicError
	return errors.As(err, &p)
}

// clock is what a batch is timed with.
type clock struct {
	// name is "wall" or "cpu".
	name string
	// now reads the clock, in nanoseconds from an arbitrary origin.
	now func() int64
}

var (
	epoch = time.Now()
	// wallClock is elapsed (monotonic) time: what a caller waits, including
	// any time the process spends waiting for a CPU on a busy machine.
	wallClock = clock{"wall", func() int64 { return time.Since(epoch).Nanoseconds() }}
)

// clockByName returns the clock called name: "wall", or "cpu" (the CPU time of
// the whole process, garbage collector included, where the OS reports it).
func clockByName(name string) (clock, error) {
	switch name {
	case "wall":
		return wallClock, nil
	case "cpu":
		if _, ok := processCPUTime(); ok {
			return clock{"cpu", func() int64 { t, _ := processCPUTime(); return t }}, nil
		}
		return clock{}, errors.New("bench: -clock cpu: this OS does not report process CPU time")
	}
	return clock{}, fmt.Errorf("bench: -clock %q: want wall or cpu", name)
}

// batch runs marshal n times and returns the time per call in nanoseconds.
// Errors are not looked at: for an encoder that rejects the value, the time to
// the error is what is measured.
func batch(marshal func() ([]byte, error), n int, clk clock) float64 {
	start := clk.now()
	for range n {
		_, _ = marshal()
	}
	return float64(clk.now()-start) / float64(n)
}

// calibrate returns how many calls of marshal take about target: it grows a
// batch tenfold until it lasts a tenth of target, then times that size three
// times and keeps the fastest, so that one slow moment of a busy machine does
// not shrink every later batch. At least 1, at most maxBatch.
func calibrate(marshal func() ([]byte, error), target time.Duration, clk clock) int {
	const maxBatch = 1 << 26
	n := 1
	for n < maxBatch && batch(marshal, n, clk)*float64(n) < float64(target/10) {
		n *= 10
	}
	per := batch(marshal, n, clk)
	for range 2 {
		per = min(per, batch(marshal, n, clk))
	}
	if per <= 0 {
		per = 1
	}
	return max(1, min(maxBatch, int(float64(target)/per)))
}

// allocs returns the heap allocations and bytes per call of marshal over n calls,
// after one call that is not counted: the pools a peer's collection emptied
// are filled again first, so that what is counted is the steady state, not
// the regrowth of buffers after another peer's batch.
// Nothing else may run meanwhile: the counters are process-wide.
func allocs(marshal func() ([]byte, error), n int) (count, bytes float64) {
	_, _ = marshal()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		_, _ = marshal()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(n),
		float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}

// median returns the median of xs (the mean of the middle two for an even
// count), or 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// timeInterleaved measures every non-nil marshal: runs rounds, each a batch of
// calibrated size per encoder, the encoders taken in a new shuffled order each
// round so that a slow moment of the machine falls on all of them alike, and
// no encoder always follows the same one. Each batch starts from a collected
// heap and one untimed call: otherwise an encoder that allocates little pays,
// in the batch after one that allocates a lot, for the pages the runtime gave
// back to the OS meanwhile. It returns, per encoder, the time per call of
// each run (nil for a nil marshal), the batch size, and the panic that
// stopped its timing, if one did.
func timeInterleaved(marshals []func() ([]byte, error), runs int, target time.Duration, clk clock) (perRun [][]float64, sizes []int, panics []error) {
	perRun = make([][]float64, len(marshals))
	sizes = make([]int, len(marshals))
	panics = make([]error, len(marshals))
	for i, m := range marshals {
		if m != nil {
			panics[i] = recovered(func() { sizes[i] = calibrate(m, target, clk) })
		}
	}
	// A fixed seed: the same orders in every run of the bench.
	rng := rand.New(rand.NewPCG(1, 2))
	order := make([]int, len(marshals))
	for i := range order {
		order[i] = i
	}
	for range runs {
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for _, i := range order {
			if marshals[i] == nil || panics[i] != nil {
				continue
			}
			runtime.GC()
			panics[i] = recovered(func() {
				_, _ = marshals[i]()
				perRun[i] = append(perRun[i], batch(marshals[i], sizes[i], clk))
			})
		}
	}
	return perRun, sizes, panics
}

// recovered runs f and returns the panic it raised as a *panicError, or nil.
func recovered(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{p}
		}
	}()
	f()
	return nil
}
