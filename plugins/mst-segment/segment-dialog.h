/* Tessera — Segment Colours (MST): the plug-in's settings, shared by the
 * procedure (mst-segment.c) and its dialog (segment-dialog.c). */
#ifndef TESSERA_SEGMENT_DIALOG_H
#define TESSERA_SEGMENT_DIALOG_H

#include <libgimp/gimp.h>
#include "mst-segment.h"
#include "tessera-plugin.h"

#define PLUG_IN_PROC "plug-in-tessera-mst-segment"

typedef enum
{
  OUTPUT_RECOLOURED_LAYER,
  OUTPUT_LAYER_PER_CLASS,
  OUTPUT_CHANNEL_PER_CLASS,
  OUTPUT_INDEXED_COPY
} SegmentOutput;

typedef struct
{
  gint           classes;       /* 0: automatic */
  gdouble        min_share;     /* 0 .. 0.5 */
  gdouble        sensitivity;
  gint           colour_space;  /* TesseraColourSpace */
  gint           output;        /* SegmentOutput */
  TesseraBackend backend;
  gint           method;        /* TesseraMstMethod */
} SegmentValues;

static inline TesseraMstSegment
segment_params_of (const SegmentValues *values)
{
  TesseraMstSegment params;

  params.classes      = values->classes;
  params.min_share    = values->min_share;
  params.sensitivity  = values->sensitivity;
  params.colour_space = (TesseraColourSpace) values->colour_space;
  params.method       = (TesseraMstMethod) values->method;
  return params;
}

/* Asks the user for VALUES (a SegmentValues), showing TARGET's classes as
 * they would come out; FALSE when cancelled. */
gboolean segment_dialog (const TesseraTarget *target,
                         gpointer             data);

#endif
