/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "pnm.h"

/* PAM tuple types we read; the first one with a given channel count is the
 * one we write. */
static const struct
{
  const char *name;
  int         channels;
} tuple_types[] = {
  { "GRAYSCALE",           1 },
  { "GRAYSCALE_ALPHA",     2 },
  { "RGB",                 3 },
  { "RGB_ALPHA",           4 },
  { "BLACKANDWHITE",       1 },
  { "BLACKANDWHITE_ALPHA", 2 },
};

typedef struct
{
  PnmKind kind;
  long    width;
  long    height;
  long    channels;
  long    maxval;
} Header;

static TesseraStatus
fail (const char **why, const char *text, TesseraStatus status)
{
  if (why != NULL)
    *why = text;
  return status;
}

/* The same with the values that were wrong in the text; it stays valid
 * until the thread's next failing call. */
static TesseraStatus
failf (const char **why, TesseraStatus status, const char *format, ...)
{
  static _Thread_local char text[256];
  va_list args;

  va_start (args, format);
  vsnprintf (text, sizeof text, format, args);
  va_end (args);
  return fail (why, text, status);
}

/* Skips whitespace and comments ('#' to the end of the line) and returns the
 * next character. */
static int
skip_blanks (FILE *file)
{
  for (;;)
    {
      int c = getc (file);
      if (c == '#')
        {
          while (c != '\n' && c != '\r' && c != EOF)
            c = getc (file);
        }
      else if (c == EOF || !isspace (c))
        return c;
    }
}

/* Reads a decimal header field of P5/P6 and returns the character that ended
 * it: whitespace (consumed) or '#' (left for skip_blanks), or -2 when there is
 * no valid number. */
static int
read_field (FILE *file, long *value)
{
  int c = skip_blanks (file);
  int digits = 0;

  *value = 0;
  for (; c >= '0' && c <= '9'; c = getc (file))
    {
      if (++digits > 9)
        return -2;
      *value = *value * 10 + (c - '0');
    }
  if (digits == 0)
    return -2;
  if (c == '#')
    {
      ungetc (c, file);
      return c;
    }
  return c != EOF && isspace (c) ? c : -2;
}

static TesseraStatus
read_pnm_header (FILE *file, Header *header, const char **why)
{
  long *fields[] = { &header->width, &header->height, &header->maxval };
  static const char *const names[] = { "the width", "the height", "MAXVAL" };
  int end = 0;

  header->channels = header->kind == PNM_PGM ? 1 : 3;
  for (int i = 0; i < 3; i++)
    {
      end = read_field (file, fields[i]);
      if (end == -2)
        return failf (why, TESSERA_ERROR_IO, "the header's %s is missing, "
                      "not a number or above 999999999", names[i]);
    }
  /* The pixels start right after the one whitespace that ends MAXVAL. */
  if (end == '#')
    return fail (why, "a comment follows MAXVAL", TESSERA_ERROR_IO);
  return TESSERA_OK;
}

/* Parses VALUE, a whole positive decimal number below 10^9. */
static bool
parse_count (const char *value, long *count)
{
  char *end;
  if (!isdigit ((unsigned char) *value) || strlen (value) > 9)
    return false;
  errno = 0;
  *count = strtol (value, &end, 10);
  return errno == 0 && *end == '\0';
}

static int
tuple_type_channels (const char *name)
{
  for (size_t i = 0; i < sizeof tuple_types / sizeof tuple_types[0]; i++)
    if (strcmp (name, tuple_types[i].name) == 0)
      return tuple_types[i].channels;
  return 0;
}

/* Splits LINE into its keyword and its value, both without surrounding
 * whitespace. */
static void
split_line (char *line, char **keyword, char **value)
{
  char *end;

  *keyword = line + strspn (line, " \t\r\n");
  end = *keyword + strcspn (*keyword, " \t\r\n");
  *value = end + strspn (end, " \t\r\n");
  *end = '\0';
  end = *value + strlen (*value);
  while (end > *value && isspace ((unsigned char) end[-1]))
    *--end = '\0';
}

static TesseraStatus
read_pam_header (FILE *file, Header *header, const char **why)
{
  static const char *const count_keys[] = { "WIDTH", "HEIGHT", "DEPTH",
                                            "MAXVAL" };
  long *counts[] = { &header->width, &header->height, &header->channels,
                     &header->maxval };
  int tuple_channels = 0;
  char line[256];

  /* The magic number is a line of its own. */
  if (getc (file) != '\n')
    return fail (why, "P7 is not followed by a newline", TESSERA_ERROR_IO);
  for (;;)
    {
      char *keyword, *value;
      size_t i;

      if (fgets (line, sizeof line, file) == NULL)
        return fail (why, "the header has no ENDHDR", TESSERA_ERROR_IO);
      if (strchr (line, '\n') == NULL && !feof (file))
        return fail (why, "a header line is too long", TESSERA_ERROR_IO);
      split_line (line, &keyword, &value);
      if (*keyword == '\0' || *keyword == '#')
        continue;
      if (strcmp (keyword, "ENDHDR") == 0)
        break;
      if (strcmp (keyword, "TUPLTYPE") == 0)
        {
          tuple_channels = tuple_type_channels (value);
          if (tuple_channels == 0)
            return failf (why, TESSERA_ERROR_UNSUPPORTED_FORMAT,
                          "TUPLTYPE is %.40s, not GRAYSCALE, RGB, RGB_ALPHA "
                          "or GRAYSCALE_ALPHA", value);
          continue;
        }
      for (i = 0; i < 4 && strcmp (keyword, count_keys[i]) != 0; i++)
        ;
      if (i == 4)
        return failf (why, TESSERA_ERROR_IO, "an unknown header line %.40s",
                      keyword);
      if (!parse_count (value, counts[i]))
        return failf (why, TESSERA_ERROR_IO, "%s is %.40s, not a whole number "
                      "below 10^9", keyword, value);
    }

  for (size_t i = 0; i < 4; i++)
    if (*counts[i] < 0)
      return fail (why, "the header lacks WIDTH, HEIGHT, DEPTH or MAXVAL",
                   TESSERA_ERROR_IO);
  /* Without TUPLTYPE, DEPTH alone says what the channels are. */
  if (tuple_channels != 0 && tuple_channels != header->channels)
    return failf (why, TESSERA_ERROR_IO, "DEPTH is %ld, but TUPLTYPE has %d "
                  "channels", header->channels, tuple_channels);
  if (header->channels < 1 || header->channels > 4)
    return failf (why, TESSERA_ERROR_UNSUPPORTED_FORMAT,
                  "DEPTH is %ld, not 1 to 4", header->channels);
  return TESSERA_OK;
}

static TesseraStatus
read_header (FILE *file, Header *header, const char **why)
{
  int p = getc (file);
  int digit = getc (file);
  TesseraStatus status;

  header->width = header->height = header->channels = header->maxval = -1;
  if (p != 'P' || digit < '1' || digit > '7')
    return fail (why, "not a PGM, PPM or PAM file", TESSERA_ERROR_IO);
  if (digit == '7')
    {
      header->kind = PNM_PAM;
      status = read_pam_header (file, header, why);
    }
  else if (digit == '5' || digit == '6')
    {
      header->kind = digit == '5' ? PNM_PGM : PNM_PPM;
      status = read_pnm_header (file, header, why);
    }
  else
    return fail (why, "plain (ASCII) and bitmap Netpbm files are not read",
                 TESSERA_ERROR_UNSUPPORTED_FORMAT);
  if (status != TESSERA_OK)
    return status;

  if (header->width < 1 || header->height < 1)
    return failf (why, TESSERA_ERROR_EMPTY_IMAGE, "the image is empty "
                  "(%ld x %ld)", header->width, header->height);
  if (header->width > TESSERA_MAX_SIDE || header->height > TESSERA_MAX_SIDE)
    return failf (why, TESSERA_ERROR_TOO_LARGE, "the image is %ld x %ld, "
                  "larger than %d on a side", header->width, header->height,
                  TESSERA_MAX_SIDE);
  if (header->maxval < 1 || header->maxval > 65535)
    return failf (why, TESSERA_ERROR_IO, "MAXVAL is %ld, not 1 to 65535",
                  header->maxval);
  return TESSERA_OK;
}

/* Turns a row of big-endian 16-bit samples into native ones, in place. */
static void
decode_row_16 (void *row, size_t samples)
{
  const uint8_t *bytes = row;
  uint16_t *values = row;
  for (size_t i = 0; i < samples; i++)
    values[i] = (uint16_t) (bytes[2 * i] << 8 | bytes[2 * i + 1]);
}

static bool
row_within_maxval (const TesseraImage *image, const void *row, size_t samples,
                   long maxval)
{
  for (size_t i = 0; i < samples; i++)
    {
      long value = image->type == TESSERA_U8 ? ((const uint8_t *) row)[i]
                                             : ((const uint16_t *) row)[i];
      if (value > maxval)
        return false;
    }
  return true;
}

static TesseraStatus
read_pixels (FILE *file, const Header *header, TesseraImage *image,
             const char **why)
{
  size_t samples = (size_t) header->width * (size_t) header->channels;
  size_t row_bytes = samples * tessera_sample_size (image->type);

  for (int y = 0; y < image->height; y++)
    {
      void *row = tessera_image_row (image, y);
      if (fread (row, 1, row_bytes, file) != row_bytes)
        return failf (why, TESSERA_ERROR_IO, "the file ends inside row %d "
                      "of %d of the pixels", y + 1, image->height);
      if (image->type == TESSERA_U16)
        decode_row_16 (row, samples);
      if (!row_within_maxval (image, row, samples, header->maxval))
        return failf (why, TESSERA_ERROR_IO, "row %d holds a sample above "
                      "MAXVAL %ld", y + 1, header->maxval);
    }
  return TESSERA_OK;
}

/* Whether FILE (a regular file, its header read) holds as many bytes as
 * HEADER's pixels take: checked before they are allocated, so that a
 * header asking for gigabytes in a short file fails at once. */
static TesseraStatus
check_length (FILE *file, const Header *header, const char **why)
{
  uint64_t needed = (uint64_t) header->width * (uint64_t) header->height
                    * (uint64_t) header->channels
                    * (header->maxval > 255 ? 2u : 1u);
  struct stat info;
  long here = ftell (file);
  uint64_t left;

  /* A pipe's length is not known: read_pixels finds a short one. */
  if (fstat (fileno (file), &info) != 0 || !S_ISREG (info.st_mode)
      || here < 0)
    return TESSERA_OK;
  left = (uint64_t) info.st_size > (uint64_t) here
         ? (uint64_t) info.st_size - (uint64_t) here : 0;
  if (left < needed)
    return failf (why, TESSERA_ERROR_IO, "the file holds %llu bytes of "
                  "pixels, but its header (%ld x %ld, DEPTH %ld, MAXVAL %ld) "
                  "needs %llu", (unsigned long long) left,
                  header->width, header->height, header->channels,
                  header->maxval, (unsigned long long) needed);
  return TESSERA_OK;
}

TesseraStatus
pnm_read (const char *path, TesseraImage *image, PnmFormat *format,
          const char **why)
{
  FILE *file = fopen (path, "rb");
  Header header;
  TesseraStatus status;

  if (file == NULL)
    return fail (why, strerror (errno), TESSERA_ERROR_IO);
  status = read_header (file, &header, why);
  if (status == TESSERA_OK)
    status = check_length (file, &header, why);
  if (status == TESSERA_OK)
    {
      status = tessera_image_alloc (image, (int) header.width,
                                    (int) header.height,
                                    (int) header.channels,
                                    header.maxval > 255 ? TESSERA_U16
                                                        : TESSERA_U8);
      if (status != TESSERA_OK)
        fail (why, tessera_status_message (status), status);
    }
  if (status == TESSERA_OK)
    {
      status = read_pixels (file, &header, image, why);
      if (status != TESSERA_OK)
        tessera_image_free (image);
    }
  fclose (file);
  if (status == TESSERA_OK)
    {
      format->kind = header.kind;
      format->maxval = (int) header.maxval;
    }
  return status;
}

static void
write_header (FILE *file, const TesseraImage *image, const PnmFormat *format)
{
  if (format->kind != PNM_PAM)
    {
      fprintf (file, "P%c\n%d %d\n%d\n", format->kind == PNM_PGM ? '5' : '6',
               image->width, image->height, format->maxval);
      return;
    }
  fprintf (file, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH %d\nMAXVAL %d\n"
           "TUPLTYPE %s\nENDHDR\n", image->width, image->height,
           image->channels, format->maxval,
           tuple_types[image->channels - 1].name);
}

/* Sample I of ROW on the file's scale: integers as they are, floats from
 * 0..1 to 0..MAXVAL; clamped to MAXVAL. */
static unsigned
file_sample (const TesseraImage *image, const void *row, size_t i,
             unsigned maxval)
{
  unsigned value;
  float f;

  switch (image->type)
    {
    case TESSERA_U8:
      value = ((const uint8_t *) row)[i];
      break;
    case TESSERA_U16:
      value = ((const uint16_t *) row)[i];
      break;
    default:
      f = ((const float *) row)[i];
      /* !(f > 0) also catches NaN. */
      value = !(f > 0.0f) ? 0 : f >= 1.0f ? maxval
                                          : (unsigned) lrintf (f * maxval);
      break;
    }
  return value < maxval ? value : maxval;
}

static void
encode_row (const TesseraImage *image, const void *row, unsigned maxval,
            uint8_t *bytes)
{
  size_t samples = (size_t) image->width * (size_t) image->channels;
  for (size_t i = 0; i < samples; i++)
    {
      unsigned value = file_sample (image, row, i, maxval);
      if (maxval > 255)
        {
          bytes[2 * i] = (uint8_t) (value >> 8);
          bytes[2 * i + 1] = (uint8_t) value;
        }
      else
        bytes[i] = (uint8_t) value;
    }
}

TesseraStatus
pnm_write (const char *path, const TesseraImage *image,
           const PnmFormat *format, const char **why)
{
  size_t row_bytes;
  uint8_t *bytes;
  FILE *file;
  bool written;

  if (tessera_image_check (image) != TESSERA_OK
      || image->memory != TESSERA_MEMORY_HOST
      || format->maxval < 1 || format->maxval > 65535)
    return fail (why, "bad image or format", TESSERA_ERROR_INVALID_ARGUMENT);
  if ((format->kind == PNM_PGM && image->channels != 1)
      || (format->kind == PNM_PPM && image->channels != 3))
    return fail (why, "PGM holds one channel and PPM three",
                 TESSERA_ERROR_UNSUPPORTED_FORMAT);

  row_bytes = (size_t) image->width * (size_t) image->channels
              * (format->maxval > 255 ? 2 : 1);
  bytes = malloc (row_bytes);
  if (bytes == NULL)
    return fail (why, tessera_status_message (TESSERA_ERROR_OUT_OF_MEMORY),
                 TESSERA_ERROR_OUT_OF_MEMORY);
  file = fopen (path, "wb");
  if (file == NULL)
    {
      free (bytes);
      return fail (why, strerror (errno), TESSERA_ERROR_IO);
    }

  write_header (file, image, format);
  for (int y = 0; y < image->height; y++)
    {
      encode_row (image, tessera_image_row (image, y),
                  (unsigned) format->maxval, bytes);
      fwrite (bytes, 1, row_bytes, file);
    }
  written = !ferror (file);
  written = fclose (file) == 0 && written;
  free (bytes);
  return written ? TESSERA_OK
                 : fail (why, "the file could not be written", TESSERA_ERROR_IO);
}

PnmFormat
pnm_format_like (const TesseraImage *image, const PnmFormat *like)
{
  PnmFormat format = { PNM_PAM, image->type == TESSERA_U8 ? 255 : 65535 };

  if (like == NULL)
    return format;
  if ((like->kind == PNM_PGM && image->channels == 1)
      || (like->kind == PNM_PPM && image->channels == 3))
    format.kind = like->kind;
  if ((like->maxval > 255) == (format.maxval > 255))
    format.maxval = like->maxval;
  return format;
}
