package main

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lanes are parts on two toolchains: a1 a2 a3 on go-a, b1 b2 on go-b.
func lanes() []*Part {
	a := Mode{Name: "a", Env: []string{"GOTOOLCHAIN=go-a"}}
	b := Mode{Name: "b", Env: []string{"GOTOOLCHAIN=go-b"}}
	return []*Part{{Name: "a1", Mode: a}, {Name: "b1", Mode: b}, {Name: "a2", Mode: a}, {Name: "a3", Mode: a}, {Name: "b2", Mode: b}}
}

// take calls next for the workers in turn and returns the names it got.
func take(qs *queues, workers ...int) []string {
	var got []string
	for _, w := range workers {
		if p := qs.next(w); p != nil {
			got = append(got, p.Name)
		} else {
			got = append(got, "-")
		}
	}
	return got
}

func TestQueuesTwoWorkers(t *testing.T) {
	qs := newQueues(lanes(), 2)
	// Each worker takes its own toolchain's parts from the front; worker 1,
	// done first, takes worker 0's last part; then both find nothing.
	assert.Equal(t, []string{"a1", "b1", "b2", "a3", "a2", "-", "-"}, take(qs, 0, 1, 1, 1, 0, 0, 1))
}

func TestQueuesOneWorker(t *testing.T) {
	// One worker runs the plan in lane order: the second lane, which has
	// no worker of its own, from the front.
	qs := newQueues(lanes(), 1)
	assert.Equal(t, []string{"a1", "a2", "a3", "b1", "b2", "-"}, take(qs, 0, 0, 0, 0, 0, 0))
}

func TestQueuesMoreWorkersThanLanes(t *testing.T) {
	// Worker 2 owns no lane: it helps the lane with the most parts left,
	// from the back.
	qs := newQueues(lanes(), 3)
	assert.Equal(t, []string{"a3", "a1", "b1", "a2", "b2", "-"}, take(qs, 2, 0, 1, 2, 2, 2))
}

func TestRunAll(t *testing.T) {
	parts := lanes()
	var mu sync.Mutex
	ran := map[string]int{}
	fake := func(_ context.Context, p *Part) Result {
		mu.Lock()
		ran[p.Name]++
		mu.Unlock()
		if p.Name == "a2" {
			return Result{Status: "FAIL", Failed: []string{"go test ./..."}, Wall: time.Second}
		}
		return Result{Status: "ok", Wall: time.Second, CPU: 2 * time.Second}
	}
	for _, jobs := range []int{0, 1, 2, 5} {
		clear(ran)
		results := runAll(context.Background(), parts, jobs, fake)
		require.Len(t, results, len(parts), "jobs=%d", jobs)
		for _, p := range parts {
			assert.Equal(t, 1, ran[p.Name], "jobs=%d: %s runs once", jobs, p.Name)
			want := "ok"
			if p.Name == "a2" {
				want = "FAIL"
			}
			assert.Equal(t, want, results[p].Status, "jobs=%d: %s; a failing part stops no other", jobs, p.Name)
		}
	}
}

func TestRunAllInterrupted(t *testing.T) {
	parts := lanes()
	ctx, cancel := context.WithCancel(context.Background())
	fake := func(_ context.Context, p *Part) Result {
		cancel() // the first part is interrupted while it runs
		return Result{Status: "FAIL", Failed: []string{"interrupted"}}
	}
	results := runAll(ctx, parts, 1, fake)
	require.Len(t, results, len(parts))
	assert.Equal(t, "FAIL", results[parts[0]].Status)
	for _, p := range parts[1:] {
		assert.Equal(t, "SKIPPED: interrupted", results[p].Status, p.Name)
	}
}
