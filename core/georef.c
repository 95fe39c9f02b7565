/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — an image's georeference (georef.h).  The TIFF reader reads
 * only the first directory's GeoTIFF tags, so that no TIFF library is
 * needed. */
/* newlocale and uselocale: POSIX 2008, beyond C11 (build-device.sh
 * compiles with -std=c11). */
#define _POSIX_C_SOURCE 200809L

#include "georef.h"

#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- world files ---------------------------------------------------- */

GeoRefStatus
georef_read_world_file (const char *path,
                        GeoRef     *ref,
                        char       *message,
                        size_t      message_size)
{
  /* A, D, B, E, C, F: X = A col + B row + C, Y = D col + E row + F for
   * the centre of pixel (col, row). */
  double    n[6];
  int       read = 0;
  FILE     *file = fopen (path, "r");
  locale_t  c_numbers, before;

  if (file == NULL)
    return GEOREF_NONE;
  /* Whatever the user's locale, a world file's decimal point is '.'. */
  c_numbers = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  before    = uselocale (c_numbers);
  while (read < 6 && fscanf (file, "%lf", &n[read]) == 1)
    read++;
  uselocale (before);
  freelocale (c_numbers);
  fclose (file);

  if (read < 6 || ! (isfinite (n[0]) && isfinite (n[1]) && isfinite (n[2])
                     && isfinite (n[3]) && isfinite (n[4])
                     && isfinite (n[5]))
      || n[0] * n[3] - n[2] * n[1] == 0.0)
    {
      snprintf (message, message_size,
                "The world file %s does not hold six numbers of a "
                "non-degenerate map", path);
      return GEOREF_BAD;
    }
  /* Pixel (col, row)'s centre is image point (col + 0.5, row + 0.5). */
  ref->xu   = n[0];
  ref->xv   = n[2];
  ref->x0   = n[4] - 0.5 * (n[0] + n[2]);
  ref->yu   = n[1];
  ref->yv   = n[3];
  ref->y0   = n[5] - 0.5 * (n[1] + n[3]);
  ref->epsg = 0;
  return GEOREF_FOUND;
}

/* ---- .prj ------------------------------------------------------------ */

/* The number after the last KEY (e.g. AUTHORITY["EPSG",) in TEXT, quoted
 * or not; 0 if none. */
static int
last_code_after (const char *text,
                 const char *key)
{
  const char *at = text, *last = NULL;

  while ((at = strstr (at, key)) != NULL)
    last = at++;
  if (last == NULL)
    return 0;
  last += strlen (key);
  while (*last == ' ' || *last == '"')
    last++;
  return atoi (last);
}

int
georef_epsg_of_prj (const char *path)
{
  char   text[65536];
  size_t length;
  FILE  *file = fopen (path, "r");
  int    authority, id;

  if (file == NULL)
    return 0;
  length = fread (text, 1, sizeof text - 1, file);
  fclose (file);
  text[length] = '\0';
  /* WKT 1 writes the outermost AUTHORITY last, WKT 2 its ID. */
  authority = last_code_after (text, "AUTHORITY[\"EPSG\",");
  id        = last_code_after (text, "ID[\"EPSG\",");
  return authority > 0 ? authority : id > 0 ? id : 0;
}

/* ---- GeoTIFF ----------------------------------------------------------- */

enum
{
  TAG_MODEL_PIXEL_SCALE    = 33550,
  TAG_MODEL_TIEPOINT       = 33922,
  TAG_MODEL_TRANSFORMATION = 34264,
  TAG_GEO_KEY_DIRECTORY    = 34735,
  KEY_RASTER_TYPE          = 1025,
  KEY_GEOGRAPHIC_TYPE      = 2048,
  KEY_PROJECTED_CS_TYPE    = 3072,
  RASTER_PIXEL_IS_POINT    = 2,
  EPSG_USER_DEFINED        = 32767
};

enum { TIFF_SHORT = 3, TIFF_LONG = 4, TIFF_DOUBLE = 12, TIFF_LONG8 = 16 };

#define MAX_TAG_VALUES 4096

/* An open TIFF file: its byte order and flavour. */
typedef struct
{
  FILE *file;
  int   big_endian;
  int   big_tiff;    /* 8-byte counts and offsets */
} Tiff;

/* One directory entry's values, as doubles. */
typedef struct
{
  int    tag;
  size_t count;
  double values[MAX_TAG_VALUES];
} TagValues;

static int
read_bytes (Tiff     *tiff,
            uint64_t  offset,
            void     *bytes,
            size_t    size)
{
  return fseeko (tiff->file, (off_t) offset, SEEK_SET) == 0
         && fread (bytes, 1, size, tiff->file) == size;
}

/* SIZE bytes at BYTES in the file's order, as an unsigned integer. */
static uint64_t
unsigned_of (const Tiff          *tiff,
             const unsigned char *bytes,
             int                  size)
{
  uint64_t value = 0;
  int      i;

  for (i = 0; i < size; i++)
    value |= (uint64_t) bytes[tiff->big_endian ? size - 1 - i : i] << (8 * i);
  return value;
}

static int
type_size (int type)
{
  switch (type)
    {
    case TIFF_SHORT:  return 2;
    case TIFF_LONG:   return 4;
    case TIFF_DOUBLE: return 8;
    case TIFF_LONG8:  return 8;
    default:          return 0;
    }
}

static double
value_of (const Tiff          *tiff,
          int                  type,
          const unsigned char *bytes)
{
  uint64_t bits = unsigned_of (tiff, bytes, type_size (type));
  double   value;

  if (type != TIFF_DOUBLE)
    return (double) bits;
  memcpy (&value, &bits, sizeof value);
  return value;
}

/* The values of the directory entry ENTRY into *VALUES; 0 if its type is
 * not a number this reader knows or it has too many. */
static int
read_entry (Tiff                *tiff,
            const unsigned char *entry,
            TagValues           *values)
{
  int            inline_size = tiff->big_tiff ? 8 : 4;
  int            count_size  = tiff->big_tiff ? 8 : 4;
  int            type        = (int) unsigned_of (tiff, entry + 2, 2);
  uint64_t       count       = unsigned_of (tiff, entry + 4, count_size);
  const unsigned char *field = entry + 4 + count_size;
  unsigned char  data[MAX_TAG_VALUES * 8];
  size_t         size, i;

  values->tag = (int) unsigned_of (tiff, entry, 2);
  if (type_size (type) == 0 || count == 0 || count > MAX_TAG_VALUES)
    return 0;
  size = (size_t) count * type_size (type);
  if (size <= (size_t) inline_size)
    memcpy (data, field, size);
  else if (! read_bytes (tiff, unsigned_of (tiff, field, inline_size), data,
                         size))
    return 0;
  values->count = (size_t) count;
  for (i = 0; i < values->count; i++)
    values->values[i] = value_of (tiff, type, data + i * type_size (type));
  return 1;
}

/* The header: byte order, flavour and the first directory's offset. */
static int
read_header (Tiff     *tiff,
             uint64_t *directory)
{
  unsigned char header[16];

  if (! read_bytes (tiff, 0, header, 8))
    return 0;
  if (memcmp (header, "II", 2) != 0 && memcmp (header, "MM", 2) != 0)
    return 0;
  tiff->big_endian = header[0] == 'M';
  switch (unsigned_of (tiff, header + 2, 2))
    {
    case 42:
      tiff->big_tiff = 0;
      *directory = unsigned_of (tiff, header + 4, 4);
      return 1;
    case 43:
      tiff->big_tiff = 1;
      if (! read_bytes (tiff, 8, header + 8, 8))
        return 0;
      *directory = unsigned_of (tiff, header + 8, 8);
      return 1;
    default:
      return 0;
    }
}

/* What the first directory says of the georeference. */
typedef struct
{
  int    has_scale, has_tiepoint, has_transformation;
  double scale[3], tiepoint[6], transformation[16];
  int    raster_type, geographic, projected;
} GeoTags;

static void
take_geo_keys (const TagValues *keys,
               GeoTags         *tags)
{
  size_t n = keys->count >= 4 ? (size_t) keys->values[3] : 0;
  size_t k;

  /* The header's four shorts, then four a key: ID, location, count,
   * value; location 0 holds the value itself. */
  for (k = 0; k < n && 4 + 4 * k + 3 < keys->count; k++)
    {
      const double *key = keys->values + 4 + 4 * k;

      if (key[1] != 0)
        continue;
      if (key[0] == KEY_RASTER_TYPE)
        tags->raster_type = (int) key[3];
      else if (key[0] == KEY_GEOGRAPHIC_TYPE)
        tags->geographic = (int) key[3];
      else if (key[0] == KEY_PROJECTED_CS_TYPE)
        tags->projected = (int) key[3];
    }
}

static void
take_tag (const TagValues *values,
          GeoTags         *tags)
{
  switch (values->tag)
    {
    case TAG_MODEL_PIXEL_SCALE:
      if (values->count >= 3)
        {
          memcpy (tags->scale, values->values, sizeof tags->scale);
          tags->has_scale = 1;
        }
      break;
    case TAG_MODEL_TIEPOINT:
      if (values->count >= 6)
        {
          memcpy (tags->tiepoint, values->values, sizeof tags->tiepoint);
          tags->has_tiepoint = 1;
        }
      break;
    case TAG_MODEL_TRANSFORMATION:
      if (values->count >= 16)
        {
          memcpy (tags->transformation, values->values,
                  sizeof tags->transformation);
          tags->has_transformation = 1;
        }
      break;
    case TAG_GEO_KEY_DIRECTORY:
      take_geo_keys (values, tags);
      break;
    }
}

static int
read_geo_tags (Tiff    *tiff,
               GeoTags *tags)
{
  uint64_t       directory, n_entries, i;
  int            entry_size;
  unsigned char  bytes[20];
  static TagValues values;   /* too large for the stack */

  if (! read_header (tiff, &directory)
      || ! read_bytes (tiff, directory, bytes, tiff->big_tiff ? 8 : 2))
    return 0;
  entry_size = tiff->big_tiff ? 20 : 12;
  n_entries  = unsigned_of (tiff, bytes, tiff->big_tiff ? 8 : 2);
  for (i = 0; i < n_entries && i < 65536; i++)
    {
      uint64_t at = directory + (tiff->big_tiff ? 8 : 2) + i * entry_size;

      if (! read_bytes (tiff, at, bytes, entry_size))
        return 0;
      if (read_entry (tiff, bytes, &values))
        take_tag (&values, tags);
    }
  return 1;
}

/* The raster space's map (I, J) -> (X, Y) from TAGS into REF, then shifted
 * to image points: I = u - 0.5 when raster points are pixels' centres. */
static int
ref_of_tags (const GeoTags *tags,
             GeoRef        *ref)
{
  double shift = tags->raster_type == RASTER_PIXEL_IS_POINT ? -0.5 : 0.0;

  if (tags->has_transformation)
    {
      const double *m = tags->transformation;

      ref->xu = m[0]; ref->xv = m[1]; ref->x0 = m[3];
      ref->yu = m[4]; ref->yv = m[5]; ref->y0 = m[7];
    }
  else if (tags->has_tiepoint && tags->has_scale && tags->scale[0] != 0.0
           && tags->scale[1] != 0.0)
    {
      const double *t = tags->tiepoint, *s = tags->scale;

      ref->xu = s[0];  ref->xv = 0.0;   ref->x0 = t[3] - t[0] * s[0];
      ref->yu = 0.0;   ref->yv = -s[1]; ref->y0 = t[4] + t[1] * s[1];
    }
  else
    return 0;
  ref->x0 += shift * (ref->xu + ref->xv);
  ref->y0 += shift * (ref->yu + ref->yv);
  ref->epsg = tags->projected > 0 && tags->projected != EPSG_USER_DEFINED
              ? tags->projected
              : tags->geographic > 0 && tags->geographic != EPSG_USER_DEFINED
              ? tags->geographic : 0;
  return 1;
}

GeoRefStatus
georef_read_geotiff (const char *path,
                     GeoRef     *ref,
                     char       *message,
                     size_t      message_size)
{
  Tiff    tiff = { fopen (path, "rb"), 0, 0 };
  GeoTags tags;
  int     read;

  if (tiff.file == NULL)
    return GEOREF_NONE;
  memset (&tags, 0, sizeof tags);
  read = read_geo_tags (&tiff, &tags);
  fclose (tiff.file);
  if (! read
      || ! (tags.has_transformation || tags.has_tiepoint || tags.has_scale))
    return GEOREF_NONE;
  if (! ref_of_tags (&tags, ref))
    {
      snprintf (message, message_size,
                "The GeoTIFF %s has georeferencing tags but neither a "
                "transformation nor a tie point with a pixel scale", path);
      return GEOREF_BAD;
    }
  return GEOREF_FOUND;
}

/* ---- an image's --------------------------------------------------------- */

/* PATH with its extension (after the last '.' of the file's name)
 * replaced by EXTENSION ("" when it has none), into OUT. */
static int
with_extension (const char *path,
                const char *extension,
                char       *out,
                size_t      out_size)
{
  const char *slash = strrchr (path, '/');
  const char *dot   = strrchr (path, '.');
  size_t      stem  = dot != NULL && (slash == NULL || dot > slash)
                      ? (size_t) (dot - path) : strlen (path);

  return snprintf (out, out_size, "%.*s.%s", (int) stem, path, extension)
         < (int) out_size;
}

static const char *
extension_of (const char *path)
{
  const char *slash = strrchr (path, '/');
  const char *dot   = strrchr (path, '.');

  return dot != NULL && (slash == NULL || dot > slash) ? dot + 1 : "";
}

/* Whether EXTENSION names a world file (not a raster's: .raw ends in w). */
static int
is_world_extension (const char *extension)
{
  static const char * const worlds[] =
  {
    "wld", "pgw", "pngw", "jgw", "jpgw", "jpegw", "tfw", "tifw", "tiffw",
    "gfw", "gifw", "bpw", "bmpw", NULL
  };
  int i;

  for (i = 0; worlds[i] != NULL; i++)
    if (strcasecmp (extension, worlds[i]) == 0)
      return 1;
  return 0;
}

/* The world file beside IMAGE_PATH into *REF: .pgw (the extension's first
 * and last letters and "w"), .pngw (the extension and "w"), .wld, in
 * that case or in capitals. */
static GeoRefStatus
world_file_beside (const char *image_path,
                   GeoRef     *ref,
                   char       *source,
                   size_t      source_size,
                   char       *message,
                   size_t      message_size)
{
  const char *extension = extension_of (image_path);
  size_t      length    = strlen (extension);
  char        names[6][16];
  int         i;

  if (length == 0 || length > 8)
    return GEOREF_NONE;
  snprintf (names[0], sizeof names[0], "%c%cw", extension[0],
            extension[length - 1]);
  snprintf (names[1], sizeof names[1], "%sw", extension);
  snprintf (names[2], sizeof names[2], "wld");
  snprintf (names[3], sizeof names[3], "%c%cW", extension[0],
            extension[length - 1]);
  snprintf (names[4], sizeof names[4], "%sW", extension);
  snprintf (names[5], sizeof names[5], "WLD");
  for (i = 0; i < 6; i++)
    {
      GeoRefStatus status;

      if (! with_extension (image_path, names[i], source, source_size))
        continue;
      status = georef_read_world_file (source, ref, message, message_size);
      if (status != GEOREF_NONE)
        return status;
    }
  return GEOREF_NONE;
}

/* The CRS of the .prj beside PATH, if there is one, into REF. */
static void
crs_beside (const char *path,
            GeoRef     *ref)
{
  char prj[4096];

  if (with_extension (path, "prj", prj, sizeof prj))
    ref->epsg = georef_epsg_of_prj (prj);
  if (ref->epsg == 0 && with_extension (path, "PRJ", prj, sizeof prj))
    ref->epsg = georef_epsg_of_prj (prj);
}

GeoRefStatus
georef_of_image_file (const char *image_path,
                      GeoRef     *ref,
                      char       *source,
                      size_t      source_size,
                      char       *message,
                      size_t      message_size)
{
  GeoRefStatus status;

  snprintf (source, source_size, "%s", image_path);
  if (is_world_extension (extension_of (image_path)))
    status = georef_read_world_file (image_path, ref, message, message_size);
  else
    status = world_file_beside (image_path, ref, source, source_size,
                                message, message_size);
  if (status == GEOREF_FOUND)
    crs_beside (image_path, ref);
  if (status != GEOREF_NONE)
    return status;

  snprintf (source, source_size, "%s", image_path);
  return georef_read_geotiff (image_path, ref, message, message_size);
}

void
georef_apply (const GeoRef *ref,
              double        u,
              double        v,
              double       *x,
              double       *y)
{
  *x = ref->x0 + ref->xu * u + ref->xv * v;
  *y = ref->y0 + ref->yu * u + ref->yv * v;
}
