package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/safejson/safejson/internal/engine"
)

// Machine says where a bench ran.
type Machine struct {
	CPU        string `json:"cpu"`
	Cores      int    `json:"cores"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Go         string `json:"go"`
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	Engine     string `json:"engine"`
	// Load is the 1-minute load average when the run started, from
	// /proc/loadavg (-1 where there is none): above 0 on a quiet machine means
	// others were using the CPU during the run.
	Load float64 `json:"load_avg_1m"`
}

// currentMachine describes this machine and the engine under test.
func currentMachine(eng engine.Engine) Machine {
	return Machine{
		CPU:        cpuModel(),
		Cores:      runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		Go:         runtime.Version(),
		GOOS:       runtime.GOOS,
		GOARCH:     runtime.GOARCH,
		Engine:     eng.Name(),
		Load:       loadAvg(),
	}
}

// loadAvg returns the 1-minute load average, or -1 where it cannot be read.
func loadAvg() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	var l float64
	if _, err := fmt.Sscan(string(b), &l); err != nil {
		return -1
	}
	return l
}

// Line is the machine as the first line of a table.
func (m Machine) Line() string {
	line := fmt.Sprintf("Machine: %s, %d cores (GOMAXPROCS %d) · %s %s/%s · engine %s",
		m.CPU, m.Cores, m.GOMAXPROCS, m.Go, m.GOOS, m.GOARCH, m.Engine)
	if m.Load >= 0 {
		line += fmt.Sprintf(" · load average %.2f at start", m.Load)
	}
	return line
}

// cpuModel reads the CPU's model name from /proc/cpuinfo ("model name" on x86,
// "Model" or "Processor" on some arm64 kernels), or "unknown CPU".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "model name", "Model", "Processor":
			if v := strings.TrimSpace(val); v != "" {
				return v
			}
		}
	}
	return "unknown CPU"
}
