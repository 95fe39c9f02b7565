#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Tessera — a Python 3 GIMP plug-in for the GIMP 3 tests, installed only
# into a test's profile (tests/gimp3/python-case.sh).  Its one procedure,
# python-fu-tessera-test, makes one case's calls of Tessera's procedures as
# any Python plug-in would (lookup_procedure, create_config, run: the
# README shows the same), on the files the test made in FOLDER, and saves
# or prints what the test compares with GIMP 2.10's results.  A call that
# fails makes the procedure fail with its message.
import sys

import gi
gi.require_version('Gimp', '3.0')
from gi.repository import Gimp, Gio, GLib, GObject, Gegl


def call(name, image, drawables, properties,
         run_mode=Gimp.RunMode.NONINTERACTIVE):
    """Runs the procedure NAME on DRAWABLES of IMAGE with PROPERTIES (a
    dict: property name to value) set on its config; its return values."""
    procedure = Gimp.get_pdb().lookup_procedure(name)
    config = procedure.create_config()
    config.set_property('run-mode', run_mode)
    config.set_property('image', image)
    config.set_core_object_array('drawables', drawables)
    for key, value in properties.items():
        config.set_property(key, value)
    return procedure.run(config)


def must(result):
    """RESULT's values after the status, which must be success."""
    if result.index(0) != Gimp.PDBStatusType.SUCCESS:
        raise RuntimeError(result.index(1))
    return result


def double_array(numbers):
    """NUMBERS as a double array argument's value (Trace Line's coords):
    GIMP 3.0.4's Python converts neither a list nor a GObject.Value holding
    one to a GimpDoubleArray, but takes the Gimp.DoubleArray such a value
    holds."""
    value = GObject.Value(Gimp.DoubleArray)
    Gimp.value_set_double_array(value, [float(x) for x in numbers])
    return value.get_boxed()


def load(folder, name):
    return Gimp.file_load(Gimp.RunMode.NONINTERACTIVE,
                          Gio.File.new_for_path(folder + '/' + name))


def save(image, folder, name):
    Gimp.file_save(Gimp.RunMode.NONINTERACTIVE, image,
                   Gio.File.new_for_path(folder + '/' + name), None)


def tell(line):
    """LINE on GIMP's standard output, where the test reads it."""
    print(line)
    sys.stdout.flush()


# ---- the cases: each takes the test's folder ------------------------------

def box_blur(folder):
    """rgb.png blurred, radius 6, 3 passes, into python.png."""
    image = load(folder, 'rgb.png')
    must(call('plug-in-tessera-box-blur', image, image.get_layers(),
              {'radius-x': 6, 'radius-y': 6, 'iterations': 3,
               'backend': 'cpu'}))
    save(image, folder, 'python.png')


def fill_contours(folder):
    """rgba.png's closed contours filled in the foreground colour on a new
    layer, alone in python-3.png."""
    image = load(folder, 'rgba.png')
    layer = image.get_layers()[0]
    Gimp.context_set_foreground(Gegl.Color.new('#285ac8'))
    must(call('plug-in-tessera-fill-contours', image, [layer],
              {'contour-source': 'alpha', 'connectivity': '8',
               'output': 'layer', 'bleed': 2, 'gap': 0, 'min-region': 0}))
    image.remove_layer(layer)
    save(image, folder, 'python-3.png')


def mst_segment(folder):
    """A layer per class of rgba.png's ellipse, each alone in
    outpy/rgba-layers-selection-N.png; tells their names."""
    image = load(folder, 'rgba.png')
    image.select_ellipse(Gimp.ChannelOps.REPLACE, 30, 20, 150, 110)
    must(call('plug-in-tessera-mst-segment', image, [image.get_layers()[0]],
              {'classes': 5, 'min-share': 0.0, 'sensitivity': 1.0,
               'colour-space': 'cielab', 'output': 'layer-per-class',
               'backend': 'cpu', 'method': 'weighted'}))
    names = ''
    group = image.get_layer_by_name('Colour classes')
    for i, item in enumerate(group.get_children()):
        copy = Gimp.Image.new_with_precision(item.get_width(),
                                             item.get_height(),
                                             image.get_base_type(),
                                             image.get_precision())
        layer = Gimp.Layer.new_from_drawable(item, copy)
        copy.insert_layer(layer, None, 0)
        layer.set_offsets(0, 0)
        save(copy, folder, 'outpy/rgba-layers-selection-%d.png' % i)
        copy.delete()
        names += ' ' + item.get_name()
    tell('ITEMS rgba-layers-selection:' + names)


def reconstruct(folder):
    """rgb.png reconstructed in place under the marker rgb-marker.png, by
    erosion into python-erosion.png, by the preset h-domes 12.5 % on
    luminance into python-h-dome.png."""
    for name, properties in (
            ('python-erosion',
             {'operation': 'erosion', 'connectivity': '4',
              'output': 'in-place', 'backend': 'cpu'}),
            ('python-h-dome',
             {'preset': 'h-dome', 'parameter': 12.5, 'output': 'in-place',
              'colour-mode': 'luminance'})):
        image = load(folder, 'rgb.png')
        layer = image.get_layers()[0]
        marker = Gimp.file_load_layer(
            Gimp.RunMode.NONINTERACTIVE, image,
            Gio.File.new_for_path(folder + '/rgb-marker.png'))
        image.insert_layer(marker, None, -1)
        if 'preset' in properties:
            procedure = 'plug-in-tessera-reconstruct-preset'
        else:
            procedure = 'plug-in-tessera-reconstruct'
            properties['marker-drawable'] = marker
        must(call(procedure, image, [layer], properties))
        image.remove_layer(marker)
        save(image, folder, name + '.png')


def tell_path(name, path):
    """Tells PATH's first stroke as the test compares it: CASE NAME, open
    or closed, then every control point (each anchor between its handles)
    in thousandths of a pixel."""
    points = path.stroke_get_points(path.get_strokes()[0])
    coords = points[1]
    tell('CASE ' + name + ' ' + ('closed' if points[2] else 'open') + ''.join(
        ' %d %d' % (round(coords[i] * 1000), round(coords[i + 1] * 1000))
        for i in range(0, len(coords), 2)))


def tell_refused(label, name, image, layer, properties):
    """Tells how the call of NAME failed: REFUSED LABEL STATUS: MESSAGE."""
    result = call(name, image, [layer], properties)
    tell('REFUSED %s %s: %s' % (label, result.index(0).value_nick,
                                result.index(1)))


def trace_line(folder):
    """Trace Line on rgb.png from three clicks (coords), as the 2.10 case
    rgb (no fitting); Trace Line from Path on rgba.png's path through the
    same clicks, as the case frompath (fitted within 0.5 px, the default); then bad calls, each told with its message."""
    clicks = [401, 300, 418, 400, 449, 480]
    image = load(folder, 'rgb.png')
    result = must(call(
        'plug-in-tessera-trace-line', image, [image.get_layers()[0]],
        {'coords': double_array(clicks), 'nodes': 8,
         'points-per-guide': 256, 'half-width': 20.0, 'max-angle': 30.0,
         'sigma': 1.5, 'stroke': False, 'backend': 'cpu',
         'objective': 'gradient', 'threshold': 0.05, 'reach': 0.15,
         'min-reach': 3.0, 'mean': True, 'keep-side': True,
         'snap-radius': 3.0, 'smooth': True, 'stroke-width': 3.0,
         'line-width': 0.0, 'tolerance': 0.0}))
    tell_path('rgb', result.index(1))

    image = load(folder, 'rgba.png')
    layer = image.get_layers()[0]
    controls = [c for i in range(0, len(clicks), 2) for _ in range(3)
                for c in clicks[i:i + 2]]
    path = Gimp.Path.new(image, 'clicked')
    image.insert_path(path, None, -1)
    path.stroke_new_from_points(Gimp.PathStrokeType.BEZIER, controls, False)
    image.set_selected_paths([path])
    result = must(call('plug-in-tessera-trace-line-from-path', image,
                       [layer], {'backend': 'cpu'}))
    tell_path('frompath', result.index(1))

    tell_refused('centre', 'plug-in-tessera-trace-line-from-path', image,
                 layer, {'objective': 'sine', 'line-width': 4.0})
    tell_refused('odd', 'plug-in-tessera-trace-line', image, layer, {})
    for each in image.get_paths():
        image.remove_path(each)
    tell_refused('nopath', 'plug-in-tessera-trace-line-from-path', image,
                 layer, {})
    group = Gimp.GroupLayer.new(image, 'Group')
    image.insert_layer(group, None, 0)
    tell_refused('group', 'plug-in-tessera-trace-line-from-path', image,
                 group, {})


def new_drawable(kind, precision):
    """A 40 x 30 image of PRECISION and in it a drawable of KIND (a text
    layer where GIMP has fonts); (image, drawable)."""
    base = Gimp.ImageBaseType.GRAY if kind.startswith('grey') \
        else Gimp.ImageBaseType.RGB
    image = Gimp.Image.new_with_precision(40, 30, base, precision)
    layer = Gimp.Layer.new(image, 'layer', 40, 30,
                           Gimp.ImageType.GRAYA_IMAGE
                           if base == Gimp.ImageBaseType.GRAY
                           else Gimp.ImageType.RGBA_IMAGE,
                           100, Gimp.LayerMode.NORMAL)
    image.insert_layer(layer, None, 0)
    Gimp.context_set_foreground(Gegl.Color.new('#000000'))
    Gimp.context_set_background(Gegl.Color.new('#f0c040'))
    # A gradient, and in it a black frame round more of it: a closed
    # contour of dark pixels for Fill Closed Contours.
    layer.edit_gradient_fill(Gimp.GradientType.RADIAL, 0, False, 1, 0,
                             True, 20, 15, 0, 0)
    image.select_rectangle(Gimp.ChannelOps.REPLACE, 8, 6, 24, 18)
    layer.edit_fill(Gimp.FillType.FOREGROUND)
    image.select_rectangle(Gimp.ChannelOps.REPLACE, 10, 8, 20, 14)
    layer.edit_gradient_fill(Gimp.GradientType.LINEAR, 0, False, 1, 0,
                             True, 10, 8, 30, 22)
    Gimp.Selection.none(image)
    drawable = layer
    if kind == 'outside':
        layer.set_offsets(-13, 7)
    elif kind == 'mask':
        drawable = layer.create_mask(Gimp.AddMaskType.COPY)
        layer.add_mask(drawable)
    elif kind.endswith('channel'):
        drawable = Gimp.Channel.new_from_component(image,
                                                   Gimp.ChannelType.RED
                                                   if base ==
                                                   Gimp.ImageBaseType.RGB
                                                   else Gimp.ChannelType.GRAY,
                                                   'channel')
        image.insert_channel(drawable, None, 0)
    elif kind == 'text':
        drawable = Gimp.TextLayer.new(image, 'Tessera',
                                      Gimp.context_get_font(), 20,
                                      Gimp.Unit.pixel())
        image.insert_layer(drawable, None, 0)
    elif kind == 'group':
        drawable = Gimp.GroupLayer.new(image, 'tt-group')
        image.insert_layer(drawable, None, 0)
        image.reorder_item(layer, drawable, 0)
    if kind.startswith('indexed'):
        image.convert_indexed(Gimp.ConvertDitherType.NONE,
                              Gimp.ConvertPaletteType.GENERATE, 16, False,
                              False, '')
    return image, drawable


def digest(drawable):
    """DRAWABLE's pixels, as bytes."""
    buffer = drawable.get_buffer()
    return bytes(buffer.get(buffer.get_extent(), 1.0, None,
                            Gegl.AbyssPolicy.NONE))


def item_names(image):
    """Every layer (through groups), channel and path of IMAGE."""
    def names(layers):
        out = []
        for layer in layers:
            out.append(layer.get_name())
            if layer.is_group():
                out += names(layer.get_children())
        return out
    return names(image.get_layers()) + \
        [c.get_name() for c in image.get_channels()] + \
        [p.get_name() for p in image.get_paths()]


# Each call of the drawables case: a label, the procedure, its properties
# (the drawable's own marker for the reconstruction; Trace Line's points
# on every kind of drawable, partly outside the canvas too).
DRAWABLE_CALLS = [
    ('box-blur', 'plug-in-tessera-box-blur', {'backend': 'cpu'}),
    ('fill-layer', 'plug-in-tessera-fill-contours',
     {'contour-source': 'dark', 'output': 'layer', 'backend': 'cpu'}),
    ('fill-in-place', 'plug-in-tessera-fill-contours',
     {'contour-source': 'dark', 'output': 'foreground', 'backend': 'cpu'}),
    ('fill-selection', 'plug-in-tessera-fill-contours',
     {'contour-source': 'dark', 'output': 'selection', 'backend': 'cpu'}),
    ('reconstruct', 'plug-in-tessera-reconstruct',
     {'output': 'new-layer', 'backend': 'cpu'}),
    ('preset', 'plug-in-tessera-reconstruct-preset',
     {'preset': 'opening', 'parameter': 2.0, 'output': 'in-place'}),
    ('segment-copy', 'plug-in-tessera-mst-segment',
     {'classes': 3, 'output': 'recoloured-layer', 'backend': 'cpu'}),
    ('segment-layers', 'plug-in-tessera-mst-segment',
     {'classes': 3, 'output': 'layer-per-class', 'backend': 'cpu'}),
    ('segment-channels', 'plug-in-tessera-mst-segment',
     {'classes': 3, 'output': 'channel-per-class', 'backend': 'cpu'}),
    ('trace', 'plug-in-tessera-trace-line',
     {'coords': None, 'stroke': True, 'backend': 'cpu'}),
    ('trace-from-path', 'plug-in-tessera-trace-line-from-path',
     {'backend': 'cpu'}),
]
DRAWABLE_KINDS = [
    ('rgb-u8', Gimp.Precision.U8_NON_LINEAR),
    ('grey-u16', Gimp.Precision.U16_LINEAR),
    ('rgb-float', Gimp.Precision.FLOAT_LINEAR),
    ('outside', Gimp.Precision.U8_NON_LINEAR),
    ('mask', Gimp.Precision.U16_NON_LINEAR),
    ('channel', Gimp.Precision.U8_NON_LINEAR),
    ('grey-channel', Gimp.Precision.HALF_LINEAR),
    ('text', Gimp.Precision.U8_NON_LINEAR),
    ('group', Gimp.Precision.U8_NON_LINEAR),
    ('indexed', Gimp.Precision.U8_NON_LINEAR),
    ('indexed-channel', Gimp.Precision.U8_NON_LINEAR),
]


def drawables(folder):
    """Every procedure on every kind of drawable: tells per call
    DRAWABLE KIND LABEL ok|refused, what changed (the drawable's pixels,
    the items, an undo step) and the message; then each call on an RGB
    layer in the run modes that take no arguments, as RUNMODE MODE LABEL
    and the same."""
    runs = [(kind, precision, Gimp.RunMode.NONINTERACTIVE, 'DRAWABLE ' + kind)
            for kind, precision in DRAWABLE_KINDS]
    runs += [('rgb-u8', Gimp.Precision.U8_NON_LINEAR, mode, 'RUNMODE ' + word)
             for mode, word in ((Gimp.RunMode.WITH_LAST_VALS, 'last-vals'),
                                (Gimp.RunMode.INTERACTIVE, 'interactive'))]
    for kind, precision, run_mode, what in runs:
        for label, name, properties in DRAWABLE_CALLS:
            try:
                image, drawable = new_drawable(kind, precision)
            except Exception as error:
                tell('%s %s skipped: %s' % (what, label, error))
                continue
            properties = dict(properties)
            if 'coords' in properties:
                properties['coords'] = double_array([3, 12, 25, 20])
            if name == 'plug-in-tessera-reconstruct':
                properties['marker-drawable'] = drawable
            if name.endswith('from-path'):
                path = Gimp.Path.new(image, 'clicked')
                image.insert_path(path, None, -1)
                path.stroke_new_from_points(
                    Gimp.PathStrokeType.BEZIER,
                    [3, 12] * 3 + [25, 20] * 3, False)
                image.set_selected_paths([path])
            before = digest(drawable)
            names = item_names(image)
            selection = Gimp.Selection.bounds(image)
            image.clean_all()
            result = call(name, image, [drawable], properties, run_mode)
            ok = result.index(0) == Gimp.PDBStatusType.SUCCESS
            changes = []
            if digest(drawable) != before:
                changes.append('pixels')
            if item_names(image) != names:
                changes.append('items')
            if Gimp.Selection.bounds(image) != selection:
                changes.append('selection')
            if image.is_dirty():
                changes.append('undo')
            tell('%s %s %s changed:%s %s' % (
                what, label, 'ok' if ok else 'refused',
                ','.join(changes) or 'nothing',
                '' if ok else result.index(1)))
            image.delete()


CASES = {'box-blur': box_blur, 'drawables': drawables, 'fill-contours': fill_contours,
         'mst-segment': mst_segment, 'reconstruct': reconstruct,
         'trace-line': trace_line}


def run(procedure, config, data):
    case = config.get_property('case')
    try:
        if case not in CASES:
            raise RuntimeError('no case %r: one of %s'
                               % (case, ', '.join(sorted(CASES))))
        CASES[case](config.get_property('folder'))
    except Exception as error:
        return procedure.new_return_values(
            Gimp.PDBStatusType.EXECUTION_ERROR,
            GLib.Error.new_literal(Gimp.PlugIn.error_quark(),
                                   '%s: %s' % (case, error), 0))
    return procedure.new_return_values(Gimp.PDBStatusType.SUCCESS,
                                       GLib.Error())


class TesseraPythonTest(Gimp.PlugIn):
    def do_set_i18n(self, name):
        return False

    def do_query_procedures(self):
        return ['python-fu-tessera-test']

    def do_create_procedure(self, name):
        procedure = Gimp.Procedure.new(self, name, Gimp.PDBProcType.PLUGIN,
                                       run, None)
        procedure.set_documentation(
            'Calls Tessera\'s procedures from Python, for the tests',
            'Makes the calls of CASE (' + ', '.join(sorted(CASES))
            + ') on the files of FOLDER.', name)
        procedure.set_attribution('The Tessera authors',
                                  'The Tessera authors', '2025')
        procedure.add_string_argument('case', 'Case', 'Whose calls', '',
                                      GObject.ParamFlags.READWRITE)
        procedure.add_string_argument('folder', 'Folder',
                                      'Where the test\'s files are', '',
                                      GObject.ParamFlags.READWRITE)
        return procedure


Gimp.main(TesseraPythonTest.__gtype__, sys.argv)
