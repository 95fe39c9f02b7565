/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — rasters through GDAL (raster.h). */
#include "raster.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_string.h>
#include <gdal.h>
#include <ogr_srs_api.h>

struct TesseraRaster
{
  GDALDatasetH        dataset;
  TesseraRasterShape  shape;
  /* Created rasters only: */
  GDALDriverH         driver;       /* the format asked for */
  bool                via_memory;   /* the format can only copy a whole
                                       dataset: pixels go to memory first */
  char               *path;         /* the name it gets when committed */
  char               *partial;      /* the name it has until then */
  bool                committed;
};

static void
say (char *error, size_t size, const char *what, const char *path)
{
  snprintf (error, size, "%s: %s: %s", path, what,
            tessera_raster_last_error ());
}

const char *
tessera_raster_last_error (void)
{
  const char *message = CPLGetLastErrorMsg ();

  return message != NULL && message[0] != '\0' ? message : "unknown error";
}

/* Closes DATASET; false when GDAL said a write failed (GDALClose returns
 * nothing before GDAL 3.7). */
static bool
close_checked (GDALDatasetH dataset)
{
  CPLErrorReset ();
  GDALClose (dataset);
  return CPLGetLastErrorType () < CE_Failure;
}

/* GDAL's block cache defaults to a share of the machine's memory, far more
 * than a band needs: a small one keeps the peak with the bands. */
static void
gdal_init (void)
{
  static bool done;

  if (done)
    return;
  done = true;
  if (getenv ("GDAL_CACHEMAX") == NULL)
    CPLSetConfigOption ("GDAL_CACHEMAX", "64");
  CPLSetErrorHandler (CPLQuietErrorHandler);
  GDALAllRegister ();
}

static GDALDataType
gdal_type (TesseraSampleType type)
{
  switch (type)
    {
    case TESSERA_U8:  return GDT_Byte;
    case TESSERA_U16: return GDT_UInt16;
    case TESSERA_F32: return GDT_Float32;
    }
  return GDT_Float32;
}

static TesseraSampleType
sample_type (GDALDataType type)
{
  switch (type)
    {
    case GDT_Byte:   return TESSERA_U8;
    case GDT_UInt16: return TESSERA_U16;
    default:         return TESSERA_F32;
    }
}

TesseraRaster *
tessera_raster_open (const char *path, char *error, size_t error_size)
{
  TesseraRaster *raster;
  GDALDatasetH   dataset;
  int            bands;

  gdal_init ();
  dataset = GDALOpen (path, GA_ReadOnly);
  if (dataset == NULL)
    {
      say (error, error_size, "cannot read", path);
      return NULL;
    }
  bands = GDALGetRasterCount (dataset);
  if (bands < 1 || bands > 4)
    {
      snprintf (error, error_size, "%s: has %d bands; Tessera takes 1 to 4",
                path, bands);
      GDALClose (dataset);
      return NULL;
    }
  raster = calloc (1, sizeof *raster);
  if (raster == NULL)
    {
      GDALClose (dataset);
      snprintf (error, error_size, "%s: out of memory", path);
      return NULL;
    }
  raster->dataset = dataset;
  raster->shape.width = GDALGetRasterXSize (dataset);
  raster->shape.height = GDALGetRasterYSize (dataset);
  raster->shape.channels = bands;
  raster->shape.type = sample_type (GDALGetRasterDataType (
                                      GDALGetRasterBand (dataset, 1)));
  raster->shape.has_alpha =
    bands > 1 && GDALGetRasterColorInterpretation (
                   GDALGetRasterBand (dataset, bands)) == GCI_AlphaBand;
  return raster;
}

TesseraRasterShape
tessera_raster_shape (const TesseraRaster *raster)
{
  return raster->shape;
}

/* The driver for PATH's extension. */
static GDALDriverH
driver_for (const char *path)
{
  static const struct { const char *ext, *driver; } known[] = {
    { "tif", "GTiff" }, { "tiff", "GTiff" }, { "png", "PNG" },
    { "jpg", "JPEG" }, { "jpeg", "JPEG" }, { "webp", "WEBP" },
    { "jp2", "JP2OpenJPEG" }, { "bmp", "BMP" }, { "img", "HFA" },
  };
  const char *dot = strrchr (path, '.');

  if (dot == NULL)
    return NULL;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strcasecmp (dot + 1, known[i].ext) == 0)
      return GDALGetDriverByName (known[i].driver);
  return NULL;
}

/* PATH's partial name: hidden, beside it, with its extension (GDAL names
 * side files such as a world file after it). */
static char *
partial_name (const char *path)
{
  const char *slash = strrchr (path, '/');
  const char *base = slash != NULL ? slash + 1 : path;
  size_t      dir = (size_t) (base - path);
  const char *dot = strrchr (base, '.');
  size_t      size = strlen (path) + 64;
  char       *name = malloc (size);

  if (name != NULL)
    snprintf (name, size, "%.*s.%.*s.partial-%ld%s", (int) dir, path,
              (int) (dot != NULL ? dot - base : (long) strlen (base)), base,
              (long) getpid (), dot != NULL ? dot : "");
  return name;
}

static void
copy_georeference (GDALDatasetH to, GDALDatasetH from, int bands)
{
  double      transform[6];
  const char *projection = GDALGetProjectionRef (from);
  char      **metadata = GDALGetMetadata (from, NULL);

  if (GDALGetGeoTransform (from, transform) == CE_None)
    GDALSetGeoTransform (to, transform);
  if (projection != NULL && projection[0] != '\0')
    GDALSetProjection (to, projection);
  if (metadata != NULL)
    GDALSetMetadata (to, metadata, NULL);
  for (int b = 1; b <= bands && b <= GDALGetRasterCount (from); b++)
    {
      GDALRasterBandH in = GDALGetRasterBand (from, b);
      GDALRasterBandH out = GDALGetRasterBand (to, b);
      int             has_nodata = 0;
      double          nodata = GDALGetRasterNoDataValue (in, &has_nodata);

      GDALSetRasterColorInterpretation (out,
                                        GDALGetRasterColorInterpretation (in));
      if (has_nodata)
        GDALSetRasterNoDataValue (out, nodata);
    }
}

TesseraRaster *
tessera_raster_create (const char *path, const TesseraRasterShape *shape,
                       const TesseraRaster *like, char *error,
                       size_t error_size)
{
  TesseraRaster *raster;
  GDALDriverH    driver;
  char         **options = NULL;

  gdal_init ();
  driver = driver_for (path);
  if (driver == NULL)
    {
      snprintf (error, error_size,
                "%s: unknown output format (use .tif, .png or .jpg)", path);
      return NULL;
    }
  raster = calloc (1, sizeof *raster);
  if (raster == NULL
      || (raster->path = strdup (path)) == NULL
      || (raster->partial = partial_name (path)) == NULL)
    {
      snprintf (error, error_size, "%s: out of memory", path);
      tessera_raster_close (raster);
      return NULL;
    }
  raster->shape = *shape;
  raster->driver = driver;
  raster->via_memory =
    GDALGetMetadataItem (driver, GDAL_DCAP_CREATE, NULL) == NULL;
  if (! raster->via_memory && strcmp (GDALGetDriverShortName (driver),
                                      "GTiff") == 0)
    {
      /* Large rasters: tiled, and BigTIFF when over 4 GB. */
      options = CSLSetNameValue (options, "BIGTIFF", "IF_SAFER");
      if (shape->channels > 1)
        options = CSLSetNameValue (options, "INTERLEAVE", "PIXEL");
      if (shape->has_alpha)
        options = CSLSetNameValue (options, "ALPHA", "YES");
      if (shape->channels >= 3 && shape->type == TESSERA_U8)
        options = CSLSetNameValue (options, "PHOTOMETRIC", "RGB");
    }
  raster->dataset = GDALCreate (raster->via_memory
                                ? GDALGetDriverByName ("MEM") : driver,
                                raster->via_memory ? "" : raster->partial,
                                shape->width, shape->height, shape->channels,
                                gdal_type (shape->type), options);
  CSLDestroy (options);
  if (raster->dataset == NULL)
    {
      say (error, error_size, "cannot write", path);
      tessera_raster_close (raster);
      return NULL;
    }
  if (like != NULL)
    copy_georeference (raster->dataset, like->dataset, shape->channels);
  if (shape->has_alpha)
    GDALSetRasterColorInterpretation (
      GDALGetRasterBand (raster->dataset, shape->channels), GCI_AlphaBand);
  return raster;
}

static bool
transfer (TesseraRaster *raster, GDALRWFlag direction, int y, int rows,
          const TesseraImage *image)
{
  size_t sample = tessera_sample_size (image->type);

  return GDALDatasetRasterIO (raster->dataset, direction, 0, y,
                              raster->shape.width, rows, image->data,
                              raster->shape.width, rows,
                              gdal_type (image->type), raster->shape.channels,
                              NULL, (GSpacing) (sample * image->channels),
                              (GSpacing) image->stride, (GSpacing) sample)
         == CE_None;
}

bool
tessera_raster_read (TesseraRaster *raster, int y, int rows,
                     TesseraImage *image)
{
  return transfer (raster, GF_Read, y, rows, image);
}

bool
tessera_raster_write (TesseraRaster *raster, int y, int rows,
                      const TesseraImage *image)
{
  return transfer (raster, GF_Write, y, rows, image);
}

/* Renames the side file of the partial raster with suffix SUFFIX, put in
 * place of (REPLACE) or after its extension, if GDAL made one. */
static void
rename_side_file (const TesseraRaster *raster, const char *suffix,
                  bool replace)
{
  char from[4096], to[4096];

  if (replace)
    {
      snprintf (from, sizeof from, "%s", CPLResetExtension (raster->partial,
                                                            suffix));
      snprintf (to, sizeof to, "%s", CPLResetExtension (raster->path,
                                                        suffix));
    }
  else
    {
      snprintf (from, sizeof from, "%s.%s", raster->partial, suffix);
      snprintf (to, sizeof to, "%s.%s", raster->path, suffix);
    }
  if (access (from, F_OK) == 0)
    rename (from, to);
}

bool
tessera_raster_commit (TesseraRaster *raster, char *error, size_t error_size)
{
  double transform[6];
  bool   ok = true;

  if (raster->via_memory)
    {
      char       **options = NULL;
      GDALDatasetH copy;

      /* Formats that keep no georeference get a world file beside them. */
      if (GDALGetGeoTransform (raster->dataset, transform) == CE_None)
        options = CSLSetNameValue (options, "WORLDFILE", "YES");
      copy = GDALCreateCopy (raster->driver, raster->partial, raster->dataset,
                             FALSE, options, NULL, NULL);
      CSLDestroy (options);
      ok = copy != NULL && close_checked (copy);
    }
  else
    GDALFlushCache (raster->dataset);
  if (ok)
    ok = close_checked (raster->dataset);
  else
    GDALClose (raster->dataset);
  raster->dataset = NULL;
  if (ok && rename (raster->partial, raster->path) != 0)
    {
      snprintf (error, error_size, "%s: cannot rename %s: %s", raster->path,
                raster->partial, strerror (errno));
      return false;
    }
  if (! ok)
    {
      say (error, error_size, "cannot write", raster->path);
      return false;
    }
  rename_side_file (raster, "wld", true);
  rename_side_file (raster, "aux.xml", false);
  raster->committed = true;
  return true;
}

void
tessera_raster_close (TesseraRaster *raster)
{
  if (raster == NULL)
    return;
  if (raster->dataset != NULL)
    GDALClose (raster->dataset);
  if (raster->partial != NULL && ! raster->committed)
    {
      unlink (raster->partial);
      unlink (CPLResetExtension (raster->partial, "wld"));
    }
  free (raster->partial);
  free (raster->path);
  free (raster);
}

/* The EPSG code of the CRS in WKT, or 0. */
static int
epsg_of (const char *wkt)
{
  OGRSpatialReferenceH srs;
  const char          *code = NULL;
  int                  epsg = 0;

  if (wkt == NULL || *wkt == '\0')
    return 0;
  srs = OSRNewSpatialReference (wkt);
  if (srs == NULL)
    return 0;
  if (OSRGetAuthorityName (srs, NULL) == NULL)
    OSRAutoIdentifyEPSG (srs);
  if (OSRGetAuthorityName (srs, NULL) != NULL
      && strcmp (OSRGetAuthorityName (srs, NULL), "EPSG") == 0)
    code = OSRGetAuthorityCode (srs, NULL);
  if (code != NULL)
    epsg = atoi (code);
  OSRDestroySpatialReference (srs);
  return epsg;
}

bool
tessera_raster_georef (const TesseraRaster *raster, GeoRef *ref)
{
  double transform[6];

  /* GDAL answers CE_Failure, with the identity, where there is none. */
  if (GDALGetGeoTransform (raster->dataset, transform) != CE_None)
    return false;
  ref->x0 = transform[0];
  ref->xu = transform[1];
  ref->xv = transform[2];
  ref->y0 = transform[3];
  ref->yu = transform[4];
  ref->yv = transform[5];
  ref->epsg = epsg_of (GDALGetProjectionRef (raster->dataset));
  return true;
}
