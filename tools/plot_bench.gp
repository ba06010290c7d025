# Draws bench.png from bench.csv (footfall bench). Variables, set with gnuplot -e:
#   csv      the CSV footfall bench wrote
#   png      the image to write
#   threads  the thread counts in the CSV, space-separated, e.g. '1 2'; the last is stacked
# Columns: see docs/performance.md. Rows whose thread count differs from the one plotted are
# skipped by returning NaN (1/0), which gnuplot leaves out of lines and areas.
set datafile separator ','
set terminal pngcairo size 1400,560 font 'DejaVu Sans,11'
set output png
set multiplot layout 1,2 title 'footfall bench: '.csv

top = word(threads, words(threads)) + 0
pick(t, v) = (column(4) == t ? v : 1/0)

set logscale xy
set xlabel 'agents'
set ylabel 'simulated frames per second'
set grid xtics ytics mxtics mytics
set key top right
set format x '10^{%L}'
plot for [i=1:words(threads)] csv skip 1 using 2:(pick(word(threads,i)+0, column(11))) \
       with linespoints lw 2 pt 7 title word(threads,i).' thread'.(word(threads,i)+0 == 1 ? '' : 's'), \
     '-' using 1:2 with points pt 6 ps 2.5 lw 2 lc rgb 'red' title 'target (issue 4)'
10000,120
100000,30
e

unset logscale y
set format y '%g'
set ylabel sprintf('stage time per agent per frame, µs (%d thread%s)', top, top == 1 ? '' : 's')
set key top left horizontal maxcols 3 width -1
set offsets 0, 0, graph 0.35, 0   # headroom for the key
us(c) = pick(top, column(c) * 1000.0 / column(2))
stack(n) = (n >= 1 ? us(12) : 0) + (n >= 2 ? us(13) : 0) + (n >= 3 ? us(14) : 0) + \
           (n >= 4 ? us(16) : 0) + (n >= 5 ? us(17) : 0)
plot csv skip 1 using 2:(stack(5)) with filledcurves y1=0 lc rgb '#7f7f7f' title 'draw', \
     ''  skip 1 using 2:(stack(4)) with filledcurves y1=0 lc rgb '#bcbd22' title 'cull', \
     ''  skip 1 using 2:(stack(3)) with filledcurves y1=0 lc rgb '#2ca02c' title 'motion', \
     ''  skip 1 using 2:(stack(2)) with filledcurves y1=0 lc rgb '#1f77b4' title 'control', \
     ''  skip 1 using 2:(stack(1)) with filledcurves y1=0 lc rgb '#ff7f0e' title 'sense', \
     ''  skip 1 using 2:(us(8)) with linespoints lw 2 pt 7 lc rgb 'black' title 'frame (sense ∥ control overlap)'
unset multiplot
