# Draws streams.png from the streams.csv tools/run_validation.py wrote into `dir`: every second
# measured in the scenes with streams (Voronoi density and speed), by kind of flow, beside
# Weidmann's curve. Below 1 person/m² experiments put every kind on it (docs/validation.md).
set datafile separator ','
set terminal pngcairo size 860,560 font 'DejaVu Sans,11'
set output dir.'/streams.png'
set grid
set key top right
set title 'Speed against density, second by second, by kind of flow'
set xlabel 'density (Voronoi), persons/m^2'
set ylabel 'speed (Voronoi), m/s'
set xrange [0:4.5]
set yrange [0:1.8]
w(r) = 1.34 * (1 - exp(-1.913 * (1.0 / r - 1.0 / 5.4)))
set samples 200
set object 1 rect from 0.2, graph 0 to 1.0, graph 1 fc rgb '#f2f2f2' fs solid noborder behind
set label 1 'free flow: one curve for every kind' at 0.25, 1.72 font ',9'
pick(k) = (strcol(2) eq k) ? $7 : 1/0
plot w(x) with lines lw 2 lc rgb '#444444' title 'Weidmann 1993', \
     w(x) * 1.15 with lines dt 2 lc rgb '#999999' title '±15 %', \
     w(x) * 0.85 with lines dt 2 lc rgb '#999999' notitle, \
     dir.'/streams.csv' skip 1 using 6:(pick('one_stream_periodic')) with points pt 7 ps 0.45 lc rgb '#1f77b4' title 'one stream, periodic corridor', \
     dir.'/streams.csv' skip 1 using 6:(pick('one_stream_fed')) with points pt 7 ps 0.45 lc rgb '#17becf' title 'one stream, fed corridor', \
     dir.'/streams.csv' skip 1 using 6:(pick('counterflow')) with points pt 7 ps 0.45 lc rgb '#d62728' title 'counterflow', \
     dir.'/streams.csv' skip 1 using 6:(pick('two_streams_crossing')) with points pt 7 ps 0.45 lc rgb '#2ca02c' title 'two streams crossing at 90°', \
     dir.'/streams.csv' skip 1 using 6:(pick('four_streams_crossing')) with points pt 7 ps 0.45 lc rgb '#9467bd' title 'four streams crossing'
