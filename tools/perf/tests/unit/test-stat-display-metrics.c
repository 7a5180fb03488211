// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's derived metrics in every format against the exact text of
 * the distribution's perf 6.1: insn per cycle, GHz, miss ratios, idle
 * cycles, multiplexed hardware events, and --metric-only rows and columns
 * (stat-scenario.c fills in the counts).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "stat-scenario.h"

static const struct expected_text expected[] = {
	{ "hw-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "           4000.00 msec task-clock                       #    4.000 CPUs utilized          \n"
	  "       24000000000      cycles                           #    6.000 GHz                      (50.00%)\n"
	  "       32000000000      instructions                     #    1.33  insn per cycle         \n"
	  "                                                         #    0.07  stalled cycles per insn  (50.00%)\n"
	  "        6400000000      branches                         #    1.600 G/sec                    (50.00%)\n"
	  "           8000000      branch-misses                    #    0.12% of all branches          (50.00%)\n"
	  "        2400000000      stalled-cycles-frontend          #   10.00% frontend cycles idle     (50.00%)\n"
	  "     <not counted>      L1-dcache-load-misses                                       \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "hw-x",
	  "4000.00,msec,task-clock,4000000000,100.00,4.000,CPUs utilized\n"
	  "24000000000,,cycles,2000000000,50.00,6.000,GHz\n"
	  "32000000000,,instructions,2000000000,50.00,1.33,insn per cycle\n"
	  ",,,,,0.07,stalled cycles per insn\n"
	  "6400000000,,branches,2000000000,50.00,1.600,G/sec\n"
	  "8000000,,branch-misses,2000000000,50.00,0.12,of all branches\n"
	  "2400000000,,stalled-cycles-frontend,2000000000,50.00,10.00,frontend cycles idle\n"
	  "<not counted>,,L1-dcache-load-misses,0,100.00,,\n" },
	{ "hw-j",
	  "{\"counter-value\" : \"4000.000000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 4000000000, \"pcnt-running\" : 100.00, \"metric-value\" : 4.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"24000000000.000000\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 6.000000, \"metric-unit\" : \"GHz\"}\n"
	  "{\"counter-value\" : \"32000000000.000000\", \"unit\" : \"\", \"event\" : \"instructions\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 1.333333, \"metric-unit\" : \"insn per cycle\"}\n"
	  "{\"metric-value\" : 0.075000, \"metric-unit\" : \"stalled cycles per insn\"}\n"
	  "{\"counter-value\" : \"6400000000.000000\", \"unit\" : \"\", \"event\" : \"branches\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 1.600000, \"metric-unit\" : \"G/sec\"}\n"
	  "{\"counter-value\" : \"8000000.000000\", \"unit\" : \"\", \"event\" : \"branch-misses\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 0.125000, \"metric-unit\" : \"of all branches\"}\n"
	  "{\"counter-value\" : \"2400000000.000000\", \"unit\" : \"\", \"event\" : \"stalled-cycles-frontend\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 10.000000, \"metric-unit\" : \"frontend cycles idle\"}\n"
	  "{\"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"L1-dcache-load-misses\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n" },
	{ "multiplex-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "           1000.00 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "        6000000000      cycles                           #    6.000 GHz                      (50.00%)\n"
	  "        8000000000      instructions                     #    1.33  insn per cycle         \n"
	  "                                                         #    0.07  stalled cycles per insn  (50.00%)\n"
	  "        1600000000      branches                         #    1.600 G/sec                    (50.00%)\n"
	  "           2000000      branch-misses                    #    0.12% of all branches          (50.00%)\n"
	  "         600000000      stalled-cycles-frontend          #   10.00% frontend cycles idle     (50.00%)\n"
	  "     <not counted>      L1-dcache-load-misses                                       \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "metric-only-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "                 GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "               6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "metric-only-x",
	  "GHz,insn per cycle,stalled cycles per insn,branch-misses of all branches,frontend cycles idle,L1-dcache-load-misses of all L1-dcache accesses,\n"
	  "6.000,1.33,0.07,0.12,10.00,,\n" },
	{ "metric-only-j",
	  "{\"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n" },
	{ "metric-only-A-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "                            GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "CPU0                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "CPU1                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "CPU2                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "CPU3                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "metric-only-A-x",
	  "cpu,GHz,insn per cycle,stalled cycles per insn,branch-misses of all branches,frontend cycles idle,L1-dcache-load-misses of all L1-dcache accesses,\n"
	  "CPU0,6.000,1.33,0.07,0.12,10.00,,\n"
	  "CPU1,6.000,1.33,0.07,0.12,10.00,,\n"
	  "CPU2,6.000,1.33,0.07,0.12,10.00,,\n"
	  "CPU3,6.000,1.33,0.07,0.12,10.00,,\n" },
	{ "metric-only-A-j",
	  "{\"cpu\" : \"0\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n"
	  "{\"cpu\" : \"1\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n"
	  "{\"cpu\" : \"2\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n"
	  "{\"cpu\" : \"3\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n" },
	{ "metric-only-socket-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "                             GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "S0        2                6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "S1        2                6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "metric-only-I-h",
	  "#           time                  GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "     1.000001000                6.000                1.33                     0.07                           0.12%                10.00%                                                  \n" },
	{ "metric-only-I-x",
	  "time,GHz,insn per cycle,stalled cycles per insn,branch-misses of all branches,frontend cycles idle,L1-dcache-load-misses of all L1-dcache accesses,\n"
	  "     1.000001000,6.000,1.33,0.07,0.12,10.00,,\n" },
	{ "metric-only-I-j",
	  "{\"interval\" : 1.000001000, \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n" },
};

int main(void)
{
	return scenario__run_tests(
		expected, sizeof(expected) / sizeof(expected[0]), NULL, 0);
}
