# SPDX-License-Identifier: GPL-2.0
# bperf benchmarks: four panels from the *.dat files that bench.py report
# writes (a panel without its file says "no data").
# Usage: gnuplot -e "dir='bench/results/latest'" bench/plot.gp
if (!exists("dir")) dir = "bench/results/latest"
has(f) = system("[ -s '".dir."/".f."' ] && echo 1 || echo 0") eq "1"
nodata(t) = sprintf('set title "%s"; unset key; set label 9 "no data" at graph 0.45, graph 0.5; plot [0:1][0:1] NaN notitle; unset label 9; set key', t)

set terminal pngcairo size 1400,1000 font "sans,10" noenhanced
set output dir."/bench.png"
set datafile missing "nan"
set key top left
set grid ytics
set multiplot layout 2,2 title "bperf against plain counting (".system("nproc")." CPUs)"

t1 = "1. Added cost per context switch over nothing counting (ns, 10th percentile of the runs)"
if (has("switch.dat")) {
	set title t1
	set key top right
	set xlabel "sessions (0: none; bperf: the leader alone)"
	set ylabel "ns per switch"
	set xrange [-1:33]
	set yrange [-100:*]
	plot dir."/switch.dat" using 1:4 with linespoints lw 2 title "bperf leader + k CPU-scoped (-a)", \
	     "" using 1:5 with linespoints lw 2 title "bperf leader + k task-scoped (-p idle)", \
	     "" using 1:2 with linespoints title "k plain -a cpu-clock", \
	     "" using 1:3 with linespoints title "k plain -p task-clock on the ping-pong", \
	     "" using 1:6 with lines dt 2 title "empty BPF program (floor)", \
	     250 with lines dt 3 lc rgb "red" title "target: leader <= 250 ns"
	unset xrange
	unset yrange
} else { eval nodata(t1) }

t2 = "2. Session start: wall time of 'perf stat ... true' (ms, median)"
if (has("start.dat")) {
	set title t2
	set key top left
	set xlabel ""
	set ylabel "ms"
	set style fill solid 0.6
	set boxwidth 0.6
	set xtics rotate by -20 font ",8"
	set yrange [0:*]
	plot dir."/start.dat" using 0:2:xtic(1) with boxes notitle, \
	     "" using 0:2:3:4 with yerrorbars lc rgb "black" pt 0 title "min..max", \
	     10 with lines dt 3 lc rgb "red" title "target: join <= 10 ms"
	set xtics norotate font ",10"
	unset yrange
} else { eval nodata(t2) }

t3 = "3. Read cost (us, median): one synced read of every event; CPU per -I 100 interval"
if (has("read.dat")) {
	set title t3
	set key bottom right
	set xlabel "events"
	set ylabel "us"
	set logscale xy
	set xrange [0.8:20]
	plot dir."/read.dat" using 1:2 with linespoints title "plain -a, one read", \
	     "" using 1:3 with linespoints title "bperf -a, one read", \
	     "" using 1:4 with linespoints title "plain -p, one read", \
	     "" using 1:5 with linespoints title "bperf -p, one read", \
	     "" using 1:6 with linespoints dt 2 title "plain -a, CPU per interval", \
	     "" using 1:7 with linespoints dt 2 title "bperf -a, CPU per interval"
	unset logscale xy
	unset xrange
} else { eval nodata(t3) }

t4 = "4. Accuracy: bperf - reference (%), median; bars: min..max"
if (has("accuracy.dat")) {
	set title t4
	set key top left
	set xlabel ""
	set ylabel "%"
	set style fill solid 0.6
	set boxwidth 0.6
	set xtics rotate by -15 font ",8"
	set yrange [-2.5:2.5]
	plot dir."/accuracy.dat" using 1:3:xtic(2) with boxes notitle, \
	     "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 0 title "difference min..max", \
	     1 with lines dt 3 lc rgb "red" title "+-1 % (task-clock)", \
	     -1 with lines dt 3 lc rgb "red" notitle, \
	     2 with lines dt 3 lc rgb "orange" title "+-2 % (cpu-clock -a)", \
	     -2 with lines dt 3 lc rgb "orange" notitle
} else { eval nodata(t4) }
unset multiplot
