# Draws fd.png and bottleneck.png from the CSVs tools/run_validation.py wrote into `dir`.
set datafile separator ','
set terminal pngcairo size 760,520 font 'DejaVu Sans,11'
set grid
set key top right

set output dir.'/fd.png'
set title 'Periodic corridor 26 m x 4 m: speed against density'
set xlabel 'density, persons/m^2'
set ylabel 'mean speed, m/s'
set xrange [0:5.4]
set yrange [0:1.5]
w(r) = 1.34 * (1 - exp(-1.913 * (1.0 / r - 1.0 / 5.4)))
set samples 200
plot w(x) with lines lw 2 lc rgb '#888888' title 'Weidmann 1993', \
     w(x) * 1.15 with lines dt 2 lc rgb '#bbbbbb' title '±15 %', \
     w(x) * 0.85 with lines dt 2 lc rgb '#bbbbbb' notitle, \
     dir.'/fd.csv' skip 1 using 3:4 with points pt 7 ps 1.3 lc rgb '#1f77b4' title 'footfall (3 seeds)'

set output dir.'/bottleneck.png'
set title 'Bottleneck, 80 walkers: steady-state flow against exit width'
set xlabel 'exit width, m'
set ylabel 'flow, persons/s'
set xrange [0:2.6]
set yrange [0:5]
set key top left
plot 1.9 * x with lines lw 2 lc rgb '#888888' title 'experiments: 1.9 /(m·s) (Liao et al. 2016)', \
     1.2 * x with lines dt 2 lc rgb '#bbbbbb' title 'issue 22: 1.2-2.0 /(m·s)', \
     dir.'/bottleneck.csv' skip 1 using 3:5 with points pt 7 ps 1.3 lc rgb '#d62728' title 'footfall (3 seeds)'
