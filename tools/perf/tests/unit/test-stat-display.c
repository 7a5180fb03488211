// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat output, every format against its exact text (human, CSV with
 * -x, and -x';', JSON with -j): a workload, -I, -r, cgroups, alias
 * merging, <not supported>/<not counted>, -A and --per-thread; and the
 * header, -q and the thousands separators.  The layouts were checked
 * against the distribution's perf 6.1 on the same scenarios
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
	{ "global-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "              1.11 msec task-clock                       #    0.011 CPUs utilized          \n"
	  "   <not supported>      cycles                                                      \n"
	  "              1.10 msec cpu-clock                        #    0.011 CPUs utilized          \n"
	  "                 1      context-switches                 #  906.225 /sec                   \n"
	  "                75      page-faults                      #   67.967 K/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "global-x",
	  "1.11,msec,task-clock,1106957,100.00,0.011,CPUs utilized\n"
	  "<not supported>,,cycles,0,100.00,,\n"
	  "1.10,msec,cpu-clock,1106957,100.00,0.011,CPUs utilized\n"
	  "1,,context-switches,1106957,100.00,906.225,/sec\n"
	  "75,,page-faults,1106957,100.00,67.967,K/sec\n" },
	{ "global-s",
	  "1.11;msec;task-clock;1106957;100.00;0.011;CPUs utilized\n"
	  "<not supported>;;cycles;0;100.00;;\n"
	  "1.10;msec;cpu-clock;1106957;100.00;0.011;CPUs utilized\n"
	  "1;;context-switches;1106957;100.00;906.225;/sec\n"
	  "75;;page-faults;1106957;100.00;67.967;K/sec\n" },
	{ "global-j",
	  "{\"counter-value\" : \"1.106957\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011070, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"counter-value\" : \"1.100000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"1.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 906.225178, \"metric-unit\" : \"/sec\"}\n"
	  "{\"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 67.966888, \"metric-unit\" : \"K/sec\"}\n" },
	{ "interval-h",
	  "#           time             counts unit events\n"
	  "     0.100210405               1.42 msec task-clock                       #    0.014 CPUs utilized          \n"
	  "     0.100210405    <not supported>      cycles                                                      \n"
	  "     0.100210405               1.42 msec cpu-clock                        #    0.014 CPUs utilized          \n"
	  "     0.100210405                  1      context-switches                 #  705.245 /sec                   \n"
	  "     0.100210405                 75      page-faults                      #   52.893 K/sec                  \n"
	  "     0.200621334      <not counted> msec task-clock                                                  \n"
	  "     0.200621334    <not supported>      cycles                                                      \n"
	  "     0.200621334      <not counted> msec cpu-clock                                                   \n"
	  "     0.200621334      <not counted>      context-switches                                            \n"
	  "     0.200621334      <not counted>      page-faults                                                 \n"
	  "     0.252486962               0.07 msec task-clock                       #    0.001 CPUs utilized          \n"
	  "     0.252486962    <not supported>      cycles                                                      \n"
	  "     0.252486962               0.06 msec cpu-clock                        #    0.001 CPUs utilized          \n"
	  "     0.252486962                  0      context-switches                 #    0.000 /sec                   \n"
	  "     0.252486962                  0      page-faults                      #    0.000 /sec                   \n" },
	{ "interval-x",
	  "     0.100210405,1.42,msec,task-clock,1418983,100.00,0.014,CPUs utilized\n"
	  "     0.100210405,<not supported>,,cycles,0,100.00,,\n"
	  "     0.100210405,1.42,msec,cpu-clock,1418983,100.00,0.014,CPUs utilized\n"
	  "     0.100210405,1,,context-switches,1418983,100.00,705.245,/sec\n"
	  "     0.100210405,75,,page-faults,1418983,100.00,52.893,K/sec\n"
	  "     0.200621334,<not counted>,msec,task-clock,0,100.00,,\n"
	  "     0.200621334,<not supported>,,cycles,0,100.00,,\n"
	  "     0.200621334,<not counted>,msec,cpu-clock,0,100.00,,\n"
	  "     0.200621334,<not counted>,,context-switches,0,100.00,,\n"
	  "     0.200621334,<not counted>,,page-faults,0,100.00,,\n"
	  "     0.252486962,0.07,msec,task-clock,66679,100.00,0.001,CPUs utilized\n"
	  "     0.252486962,<not supported>,,cycles,0,100.00,,\n"
	  "     0.252486962,0.06,msec,cpu-clock,66679,100.00,0.001,CPUs utilized\n"
	  "     0.252486962,0,,context-switches,66679,100.00,0.000,/sec\n"
	  "     0.252486962,0,,page-faults,66679,100.00,0.000,/sec\n" },
	{ "interval-j",
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"1.418983\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 0.014190, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"1.416911\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 0.014169, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"1.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 705.244977, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 52.893373, \"metric-unit\" : \"K/sec\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.066679\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000667, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.062444\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000624, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"/sec\"}\n" },
	{ "cpu01-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "CPU0                   102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "CPU1                   102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "CPU0          <not supported>      cycles                                                      \n"
	  "CPU1          <not supported>      cycles                                                      \n"
	  "CPU0                   102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "CPU1                   102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "CPU0                       29      context-switches                 #  282.889 /sec                   \n"
	  "CPU1                       30      context-switches                 #  292.643 /sec                   \n"
	  "CPU0                       78      page-faults                      #  760.873 /sec                   \n"
	  "CPU1                       75      page-faults                      #  731.608 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "cpu01-x",
	  "CPU0,102.51,msec,task-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "CPU1,102.51,msec,task-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "CPU0,<not supported>,,cycles,0,100.00,,\n"
	  "CPU1,<not supported>,,cycles,0,100.00,,\n"
	  "CPU0,102.51,msec,cpu-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "CPU1,102.51,msec,cpu-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "CPU0,29,,context-switches,102513964,100.00,282.889,/sec\n"
	  "CPU1,30,,context-switches,102513965,100.00,292.643,/sec\n"
	  "CPU0,78,,page-faults,102513964,100.00,760.873,/sec\n"
	  "CPU1,75,,page-faults,102513965,100.00,731.608,/sec\n" },
	{ "cpu01-j",
	  "{\"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"102.513965\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"102.513777\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"102.513778\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888548, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643323, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.872647, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 731.608307, \"metric-unit\" : \"/sec\"}\n" },
	{ "cpu01-I-h",
	  "#           time CPU                    counts unit events\n"
	  "     0.100203867 CPU0                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU1                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU0          <not supported>      cycles                                                      \n"
	  "     0.100203867 CPU1          <not supported>      cycles                                                      \n"
	  "     0.100203867 CPU0                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU1                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU0                       29      context-switches                 #  282.889 /sec                   \n"
	  "     0.100203867 CPU1                       30      context-switches                 #  292.643 /sec                   \n"
	  "     0.100203867 CPU0                       78      page-faults                      #  760.873 /sec                   \n"
	  "     0.100203867 CPU1                       75      page-faults                      #  731.608 /sec                   \n"
	  "     0.200549981 CPU0                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU1                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU0          <not supported>      cycles                                                      \n"
	  "     0.200549981 CPU1          <not supported>      cycles                                                      \n"
	  "     0.200549981 CPU0                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU1                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU0                       29      context-switches                 #  282.888 /sec                   \n"
	  "     0.200549981 CPU1                       30      context-switches                 #  292.643 /sec                   \n"
	  "     0.200549981 CPU0                       78      page-faults                      #  760.872 /sec                   \n"
	  "     0.200549981 CPU1                       75      page-faults                      #  731.608 /sec                   \n" },
	{ "cpu01-I-x",
	  "     0.100203867,CPU0,102.51,msec,task-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU1,102.51,msec,task-clock,102513965,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU0,<not supported>,,cycles,0,100.00,,\n"
	  "     0.100203867,CPU1,<not supported>,,cycles,0,100.00,,\n"
	  "     0.100203867,CPU0,102.51,msec,cpu-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU1,102.51,msec,cpu-clock,102513965,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU0,29,,context-switches,102513964,100.00,282.889,/sec\n"
	  "     0.100203867,CPU1,30,,context-switches,102513965,100.00,292.643,/sec\n"
	  "     0.100203867,CPU0,78,,page-faults,102513964,100.00,760.873,/sec\n"
	  "     0.100203867,CPU1,75,,page-faults,102513965,100.00,731.608,/sec\n"
	  "     0.200549981,CPU0,102.51,msec,task-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU1,102.51,msec,task-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU0,<not supported>,,cycles,0,100.00,,\n"
	  "     0.200549981,CPU1,<not supported>,,cycles,0,100.00,,\n"
	  "     0.200549981,CPU0,102.51,msec,cpu-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU1,102.51,msec,cpu-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU0,29,,context-switches,102513964,100.00,282.888,/sec\n"
	  "     0.200549981,CPU1,30,,context-switches,102513964,100.00,292.643,/sec\n"
	  "     0.200549981,CPU0,78,,page-faults,102513964,100.00,760.872,/sec\n"
	  "     0.200549981,CPU1,75,,page-faults,102513964,100.00,731.608,/sec\n" },
	{ "cpu01-I-j",
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"102.513965\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"102.513777\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025138, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"102.513778\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025138, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888548, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643323, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.872647, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 731.608307, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888290, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643059, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.871953, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 731.607647, \"metric-unit\" : \"/sec\"}\n" },
	{ "thread-h",
	  "\n"
	  " Performance counter stats for process id '4242':\n"
	  "\n"
	  "       <unknown>-99999999              15.16 msec task-clock                       #    0.152 CPUs utilized          \n"
	  "       <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "       <unknown>-99999999              15.15 msec cpu-clock                        #    0.151 CPUs utilized          \n"
	  "       <unknown>-99999999                 20      context-switches                 #    1.320 K/sec                  \n"
	  "       <unknown>-99999999               1051      page-faults                      #   69.350 K/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n" },
	{ "thread-x",
	  "<unknown>-99999999,15.16,msec,task-clock,15160000,100.00,0.152,CPUs utilized\n"
	  "<unknown>-99999999,<not supported>,,cycles,0,100.00,,\n"
	  "<unknown>-99999999,15.15,msec,cpu-clock,15160000,100.00,0.151,CPUs utilized\n"
	  "<unknown>-99999999,20,,context-switches,15160000,100.00,1.320,K/sec\n"
	  "<unknown>-99999999,1051,,page-faults,15160000,100.00,69.350,K/sec\n" },
	{ "thread-j",
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"15.160000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.151600, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"15.150000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.151500, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"20.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 1.319696, \"metric-unit\" : \"K/sec\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"1051.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 69.350049, \"metric-unit\" : \"K/sec\"}\n" },
	{ "thread-I-h",
	  "#           time             comm-pid                  counts unit events\n"
	  "     0.050103419        <unknown>-99999999              15.16 msec task-clock                       #    0.303 CPUs utilized          \n"
	  "     0.050103419        <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "     0.050103419        <unknown>-99999999              15.15 msec cpu-clock                        #    0.303 CPUs utilized          \n"
	  "     0.050103419        <unknown>-99999999                 20      context-switches                 #    1.320 K/sec                  \n"
	  "     0.050103419        <unknown>-99999999               1051      page-faults                      #   69.350 K/sec                  \n"
	  "     0.100324934        <unknown>-99999999              15.16 msec task-clock                       #    0.303 CPUs utilized          \n"
	  "     0.100324934        <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "     0.100324934        <unknown>-99999999              15.16 msec cpu-clock                        #    0.303 CPUs utilized          \n"
	  "     0.100324934        <unknown>-99999999                 20      context-switches                 #    1.319 K/sec                  \n"
	  "     0.100324934        <unknown>-99999999               1051      page-faults                      #   69.327 K/sec                  \n"
	  "     0.101511270        <unknown>-99999999      <not counted> msec task-clock                                                  \n"
	  "     0.101511270        <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "     0.101511270        <unknown>-99999999      <not counted> msec cpu-clock                                                   \n"
	  "     0.101511270        <unknown>-99999999      <not counted>      context-switches                                            \n"
	  "     0.101511270        <unknown>-99999999      <not counted>      page-faults                                                 \n" },
	{ "repeat-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1' (3 runs):\n"
	  "\n"
	  "              1.16 msec task-clock                       #    0.011 CPUs utilized            ( +-  2.99% )\n"
	  "   <not supported>      cycles                                                      \n"
	  "              1.16 msec cpu-clock                        #    0.011 CPUs utilized            ( +-  2.99% )\n"
	  "                 1      context-switches                 #  862.441 /sec                   \n"
	  "                76      page-faults                      #   65.545 K/sec                    ( +-  0.76% )\n"
	  "\n"
	  "         0.1018033 +- 0.0000606 seconds time elapsed  ( +-  0.06% )\n"
	  "\n" },
	{ "repeat-x",
	  "1.16,msec,task-clock,2.99%,1160000,100.00,0.011,CPUs utilized\n"
	  "<not supported>,,cycles,0.00%,0,100.00,,\n"
	  "1.16,msec,cpu-clock,2.99%,1160000,100.00,0.011,CPUs utilized\n"
	  "1,,context-switches,0.00%,1160000,100.00,862.441,/sec\n"
	  "76,,page-faults,0.76%,1160000,100.00,65.545,K/sec\n" },
	{ "repeat-j",
	  "{\"counter-value\" : \"1.160000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"variance\" : 2.99, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011395, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"variance\" : 0.00, \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"counter-value\" : \"1.159000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"variance\" : 2.99, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011385, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"1.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"variance\" : 0.00, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 862.440707, \"metric-unit\" : \"/sec\"}\n"
	  "{\"counter-value\" : \"76.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"variance\" : 0.76, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 65.545494, \"metric-unit\" : \"K/sec\"}\n" },
	{ "cgroup-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "            103.84 msec cpu-clock                        / #    2.000 CPUs utilized          \n"
	  "                42      context-switches                 / #  404.468 /sec                     (75.00%)\n"
	  "\n"
	  "       0.051922474 seconds time elapsed\n"
	  "\n" },
	{ "cgroup-x",
	  "103.84,msec,cpu-clock,/,130262736,100.00,2.000,CPUs utilized\n"
	  "42,,context-switches,/,78214659,75.00,404.468,/sec\n" },
	{ "cgroup-j",
	  "{\"counter-value\" : \"103.840000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"cgroup\" : \"/\", \"event-runtime\" : 130262736, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999905, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"42.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"cgroup\" : \"/\", \"event-runtime\" : 78214659, \"pcnt-running\" : 75.00, \"metric-value\" : 404.468413, \"metric-unit\" : \"/sec\"}\n" },
	{ "cgroup-A-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "CPU0                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU1                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU2                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU3                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU0                        8      context-switches                 / #  308.166 /sec                   \n"
	  "CPU1                        8      context-switches                 / #  308.166 /sec                   \n"
	  "CPU2                        8      context-switches                 / #  308.166 /sec                   \n"
	  "CPU3            <not counted>      context-switches          /                                   \n"
	  "\n"
	  "       0.051922474 seconds time elapsed\n"
	  "\n" },
	{ "cgroup-A-x",
	  "CPU0,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU1,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU2,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU3,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU0,8,,context-switches,/,26071553,100.00,308.166,/sec\n"
	  "CPU1,8,,context-switches,/,26071553,100.00,308.166,/sec\n"
	  "CPU2,8,,context-switches,/,26071553,100.00,308.166,/sec\n"
	  "CPU3,<not counted>,,context-switches,/,0,100.00,,\n" },
	{ "merge-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "              1.00 msec task-clock                       #    0.010 CPUs utilized          \n"
	  "              4000      unc_clk                          #    4.000 M/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "nomerge-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "              1.00 msec task-clock                       #    0.010 CPUs utilized          \n"
	  "              1500      unc_clk [uncore_imc_0]           #    1.500 M/sec                  \n"
	  "              2500      unc_clk [uncore_imc_1]           #    2.500 M/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "nomerge-x",
	  "1.00,msec,task-clock,1000000,100.00,0.010,CPUs utilized\n"
	  "1500,,unc_clk [uncore_imc_0],1000000,100.00,1.500,M/sec\n"
	  "2500,,unc_clk [uncore_imc_1],1000000,100.00,2.500,M/sec\n" },
};

/* The header names the target the way perf does. */
static void test_header_targets(void **state)
{
	static const struct {
		struct target target;
		int runs;
		const char *want;
	} cases[] = {
		{ { 0 }, 1, " Performance counter stats for 'sleep 0.1':\n" },
		{ { 0 },
		  5,
		  " Performance counter stats for 'sleep 0.1' (5 runs):\n" },
		{ { .system_wide = true },
		  1,
		  " Performance counter stats for 'system wide':\n" },
		{ { .cpu_list = "0,1" },
		  1,
		  " Performance counter stats for 'CPU(s) 0,1':\n" },
		{ { .pid = "123" },
		  1,
		  " Performance counter stats for process id '123':\n" },
		{ { .tid = "5" },
		  1,
		  " Performance counter stats for thread id '5':\n" },
	};
	static const int any_cpu[] = { -1 };
	static const pid_t task[] = { 1234 };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scenario s;
		char *text = NULL;
		size_t len = 0;

		scenario__init(&s, any_cpu, 1, task, 1);
		s.target = cases[i].target;
		s.config.run_count = cases[i].runs;
		scenario__event(&s, PERF_TYPE_SOFTWARE,
				PERF_COUNT_SW_PAGE_FAULTS, "page-faults");
		scenario__count(s.ev[0], 0, 0, 7, 10, 10);
		scenario__process(&s);
		scenario__render(&s, NULL, &text, &len);
		assert_true(!strncmp(text, "\n", 1));
		assert_true(!strncmp(text + 1, cases[i].want,
				     strlen(cases[i].want)));
		/* user/sys only for a workload counted as a task */
		assert_int_equal(strstr(text, "seconds user") != NULL,
				 !cases[i].target.system_wide &&
					 !cases[i].target.cpu_list &&
					 !cases[i].target.pid &&
					 !cases[i].target.tid &&
					 cases[i].runs == 1);
		free(text);
		scenario__exit(&s);
	}
}

/* -q prints nothing; thousands separators follow the locale. */
static void test_quiet_and_big_num(void **state)
{
	static const int any_cpu[] = { -1 };
	static const pid_t task[] = { 1234 };
	struct scenario s;
	char *text = NULL;
	size_t len = 0;

	scenario__init(&s, any_cpu, 1, task, 1);
	scenario__event(&s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
			"page-faults");
	scenario__count(s.ev[0], 0, 0, 1234567, 10, 10);
	scenario__process(&s);
	s.config.quiet = true;
	scenario__render(&s, NULL, &text, &len);
	assert_int_equal(len, 0);
	s.config.quiet = false;
	s.config.big_num = false;
	scenario__render(&s, NULL, &text, &len);
	assert_non_null(strstr(text, "           1234567      page-faults"));
	free(text);
	scenario__exit(&s);
}

int main(void)
{
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_header_targets),
		cmocka_unit_test(test_quiet_and_big_num),
	};

	return scenario__run_tests(expected,
				   sizeof(expected) / sizeof(expected[0]),
				   extra, sizeof(extra) / sizeof(extra[0]));
}
