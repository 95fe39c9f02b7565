/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — rasters in and out through GDAL: any format GDAL
 * reads, its georeference kept, read and written in bands of rows so that a
 * raster larger than memory goes through with bounded memory. */
#ifndef TESSERA_CLI_RASTER_H
#define TESSERA_CLI_RASTER_H

#include <stdbool.h>
#include "georef.h"
#include "image.h"

typedef struct TesseraRaster TesseraRaster;

/* The shape of a raster: what the core sees of it. */
typedef struct
{
  int               width;
  int               height;
  int               channels;   /* 1..4 */
  bool              has_alpha;  /* the last channel is alpha */
  TesseraSampleType type;       /* u8, u16, f32 (other types read as f32) */
} TesseraRasterShape;

/* Opens PATH for reading; NULL with a one-line reason in ERROR (of
 * ERROR_SIZE bytes) when it cannot be read or has more than 4 bands. */
TesseraRaster *tessera_raster_open   (const char *path, char *error,
                                      size_t error_size);

/* Creates PATH (format by its extension: .tif/.tiff, .png, .jpg/.jpeg, or
 * any GDAL driver's) shaped like SHAPE, with LIKE's georeference, metadata
 * and band colour meanings when LIKE is not NULL.  The pixels go to a file
 * beside PATH until tessera_raster_commit renames it: a run that fails or
 * is killed leaves no file named PATH. */
TesseraRaster *tessera_raster_create (const char *path,
                                      const TesseraRasterShape *shape,
                                      const TesseraRaster *like,
                                      char *error, size_t error_size);

TesseraRasterShape tessera_raster_shape (const TesseraRaster *raster);

/* Reads or writes ROWS rows from row Y into or out of IMAGE (a host image
 * of the raster's width and channels, of IMAGE->type; GDAL converts). */
bool tessera_raster_read  (TesseraRaster *raster, int y, int rows,
                           TesseraImage *image);
bool tessera_raster_write (TesseraRaster *raster, int y, int rows,
                           const TesseraImage *image);

/* Finishes a created raster and gives it its name; false (and the partial
 * file removed) when it could not be written. */
bool tessera_raster_commit (TesseraRaster *raster, char *error,
                            size_t error_size);

/* Closes RASTER; a created raster not committed is removed. */
void tessera_raster_close (TesseraRaster *raster);

/* RASTER's georeference (GDAL's geotransform: from pixels, (0, 0) the
 * top-left corner, as core/georef.h counts them) and its CRS's EPSG code
 * (0 when it names none); false when the raster has none. */
bool tessera_raster_georef (const TesseraRaster *raster, GeoRef *ref);

/* GDAL's last error message, or "unknown error". */
const char *tessera_raster_last_error (void);

#endif
