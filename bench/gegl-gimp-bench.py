# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — tessera:box-blur against GIMP's own gegl:box-blur inside GIMP
# 3.2, as a user applies them: each merged into a W x H RGBA u8 layer as a
# non-destructive filter (append, merge), alternating, several rounds; the
# GIMP process's peak memory (VmHWM) after each, in layers.  Run by GIMP's
# python-fu-eval with TESSERA_BENCH="W H RADIUS ROUNDS" (bench/gegl-bench.sh).
import os
import time

import gi
gi.require_version('Gimp', '3.0')
from gi.repository import Gimp, Gegl

w, h, radius, rounds = (int(x) for x in os.environ['TESSERA_BENCH'].split())
gimp_pid = os.getppid()
layer_mib = 4.0 * w * h / (1 << 20)


def peak_mib():
    with open('/proc/%d/status' % gimp_pid) as status:
        for line in status:
            if line.startswith('VmHWM:'):
                return int(line.split()[1]) / 1024.0
    return 0.0


image = Gimp.Image.new(w, h, Gimp.ImageBaseType.RGB)
layer = Gimp.Layer.new(image, 'noise', w, h, Gimp.ImageType.RGBA_IMAGE, 100.0,
                       Gimp.LayerMode.NORMAL)
image.insert_layer(layer, None, 0)


def apply(operation, properties):
    drawable_filter = Gimp.DrawableFilter.new(layer, operation, None)
    config = drawable_filter.get_config()
    for key, value in properties.items():
        config.set_property(key, value)
    drawable_filter.update()
    start = time.monotonic()
    layer.append_filter(drawable_filter)
    layer.merge_filters()
    return time.monotonic() - start


apply('gegl:noise-hurl', {'pct-random': 100.0})
print('# GIMP %s, %dx%d RGBA u8 (%.0f MiB), radius %d, GIMP peak %.0f MiB '
      'before' % (Gimp.version(), w, h, layer_mib, radius, peak_mib()),
      flush=True)
for i in range(rounds):
    ours = apply('tessera:box-blur', {'radius-x': radius, 'radius-y': radius})
    peak = peak_mib()
    theirs = apply('gegl:box-blur', {'radius': radius})
    print('# round %d: tessera:box-blur %.2f s, gegl:box-blur %.2f s, ratio '
          '%.2f; GIMP peak %.0f MiB (%.1f layers)'
          % (i + 1, ours, theirs, ours / theirs, peak, peak / layer_mib),
          flush=True)
image.delete()
