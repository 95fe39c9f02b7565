# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — the GIMP 3.2 side of tests/gimp3/gegl-ops.sh, run by GIMP's
# python-fu-eval with TESSERA_WORK naming the test's folder.  For each
# operation of libtessera-gegl: applies it to a layer as a non-destructive
# filter, checks that the layer carries it, that a changed property changes
# the merged pixels, and that the merged pixels are the plug-in's on the
# same image; and that gimp-drawable-filter-operation-get-available lists
# it.  Prints TAP lines ("ok N - ..."); the shell counts them.
import os

import gi
gi.require_version('Gimp', '3.0')
from gi.repository import Gimp, Gio, Gegl

WORK = os.environ['TESSERA_WORK']
FORMAT = "R'G'B'A u8"
counter = [0]


def report(ok, text):
    counter[0] += 1
    print('%s %d - %s' % ('ok' if ok else 'not ok', counter[0], text),
          flush=True)


def load(name):
    return Gimp.file_load(Gimp.RunMode.NONINTERACTIVE,
                          Gio.File.new_for_path(os.path.join(WORK, name)))


def pixels(drawable):
    buffer = drawable.get_buffer()
    return bytes(buffer.get(buffer.get_extent(), 1.0, FORMAT,
                            Gegl.AbyssPolicy.NONE))


def pdb(name, **properties):
    procedure = Gimp.get_pdb().lookup_procedure(name)
    config = procedure.create_config()
    for key, value in properties.items():
        if key == 'drawables':
            config.set_core_object_array(key, value)
        else:
            config.set_property(key, value)
    result = procedure.run(config)
    if result.index(0) != Gimp.PDBStatusType.SUCCESS:
        raise RuntimeError('%s: %s' % (name, result.index(1)))
    return result


def nde(layer, operation, properties):
    """OPERATION as a filter on LAYER, PROPERTIES set; the filter."""
    drawable_filter = Gimp.DrawableFilter.new(layer, operation, None)
    config = drawable_filter.get_config()
    for key, value in properties.items():
        config.set_property(key, value)
    drawable_filter.update()
    layer.append_filter(drawable_filter)
    return drawable_filter


def merged(name, operation, properties):
    """The pixels of NAME's first layer with OPERATION merged into it."""
    image = load(name)
    layer = image.get_layers()[0]
    nde(layer, operation, properties)
    layer.merge_filters()
    result = pixels(layer)
    image.delete()
    return result


def differences(a, b):
    return sum(1 for x, y in zip(a, b) if x != y) + abs(len(a) - len(b))


def check(label, name, operation, first, second, plug_in):
    """The checks of one operation: FIRST and SECOND its properties, PLUG_IN
    a function of a fresh image giving the plug-in's pixels for FIRST."""
    image = load(name)
    layer = image.get_layers()[0]
    drawable_filter = nde(layer, operation, first)
    filters = layer.get_filters() or []
    report(len(filters) == 1
           and filters[0].get_operation_name() == operation,
           '%s: the layer carries the filter %s' % (label, operation))
    # A changed property, on the filter already on the layer.
    config = drawable_filter.get_config()
    for key, value in second.items():
        config.set_property(key, value)
    drawable_filter.update()
    layer.merge_filters()
    changed = pixels(layer)
    image.delete()
    result = merged(name, operation, first)
    report(changed != result,
           '%s: changing %s changes the result' % (label, ', '.join(second)))
    image = load(name)
    expected = plug_in(image)
    image.delete()
    n = differences(result, expected)
    report(n == 0, '%s: the merged filter has the plug-in\'s pixels '
           '(%d of %d bytes differ)' % (label, n, len(expected)))
    return result


def run_box_blur(image):
    layer = image.get_layers()[0]
    pdb('plug-in-tessera-box-blur', run_mode=Gimp.RunMode.NONINTERACTIVE,
        image=image, drawables=[layer], radius_x=7, radius_y=3, iterations=3,
        backend='cpu')
    return pixels(layer)


def run_preset(image):
    layer = image.get_layers()[0]
    pdb('plug-in-tessera-reconstruct-preset',
        run_mode=Gimp.RunMode.NONINTERACTIVE, image=image, drawables=[layer],
        preset='h-dome', parameter=20.0, connectivity='8', output='in-place',
        backend='cpu', colour_mode='luminance')
    return pixels(layer)


def run_segment(image):
    layer = image.get_layers()[0]
    pdb('plug-in-tessera-mst-segment', run_mode=Gimp.RunMode.NONINTERACTIVE,
        image=image, drawables=[layer], classes=6, min_share=0.01,
        colour_space='cielab', output='recoloured-layer', backend='cpu',
        method='weighted')
    return pixels(image.get_layers()[0])


def run_fill_flat(image):
    layer = image.get_layers()[0]
    before = pixels(layer)
    pdb('plug-in-tessera-fill-contours', run_mode=Gimp.RunMode.NONINTERACTIVE,
        image=image, drawables=[layer], contour_source='dark', threshold=0.5,
        connectivity='4', output='flat', backend='cpu', gap=3, min_region=16)
    flat = [l for l in image.get_layers() if l != layer][0]
    assert (flat.get_width(), flat.get_height()) == (layer.get_width(),
                                                     layer.get_height())
    colours = pixels(flat)
    # The op paints the plug-in's new layer where it is opaque, on the
    # layer itself.
    out = bytearray(before)
    for i in range(0, len(out), 4):
        if colours[i + 3] != 0:
            out[i:i + 4] = colours[i:i + 4]
    return bytes(out)


def run_fill_colour(image):
    layer = image.get_layers()[0]
    Gimp.context_set_foreground(Gegl.Color.new('#285ac8'))
    pdb('plug-in-tessera-fill-contours', run_mode=Gimp.RunMode.NONINTERACTIVE,
        image=image, drawables=[layer], contour_source='dark', threshold=0.5,
        connectivity='4', output='foreground', backend='cpu', bleed=0, gap=0,
        min_region=0)
    return pixels(layer)


def main():
    available = Gimp.get_pdb().lookup_procedure(
        'gimp-drawable-filter-operation-get-available')
    print('# GIMP %s' % Gimp.version(), flush=True)
    if available is None:
        # GIMP 3.0 has no such procedure: docs/gegl.md says so.
        print('# no gimp-drawable-filter-operation-get-available here')
    else:
        result = available.run(available.create_config())
        names = list(result.index(1) or [])
        for operation in ('tessera:box-blur', 'tessera:reconstruct-preset',
                          'tessera:segment-colours', 'tessera:fill-contours'):
            report(operation in names, 'gimp-drawable-filter-operation-get-'
                   'available lists %s' % operation)

    check('box blur', 'rgba.png', 'tessera:box-blur',
          {'radius-x': 7, 'radius-y': 3, 'iterations': 3},
          {'radius-y': 9}, run_box_blur)
    check('reconstruct preset', 'rgba.png', 'tessera:reconstruct-preset',
          {'preset': 'h-dome', 'h': 20.0, 'connectivity': '8',
           'colour-mode': 'luminance'},
          {'h': 5.0}, run_preset)
    check('segment colours', 'rgba.png', 'tessera:segment-colours',
          {'classes': 6, 'min-share': 0.01, 'colour-space': 'cielab',
           'method': 'weighted'},
          {'classes': 3}, run_segment)
    check('fill contours (flat)', 'line-art.png', 'tessera:fill-contours',
          {'contour-source': 'dark', 'threshold': 0.5, 'connectivity': '4',
           'paint': 'flat', 'gap': 3, 'min-region': 16},
          {'seed': 7}, run_fill_flat)
    check('fill contours (colour)', 'line-art.png', 'tessera:fill-contours',
          {'contour-source': 'dark', 'threshold': 0.5, 'connectivity': '4',
           'paint': 'colour', 'colour': Gegl.Color.new('#285ac8'),
           'bleed': 0, 'gap': 0, 'min-region': 0},
          {'bleed': 2}, run_fill_colour)


try:
    main()
except Exception as error:   # a broken case still ends GIMP
    report(False, 'the test ran to its end: %r' % (error,))
print('tessera-gegl-ops: %d checks' % counter[0], flush=True)
