/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "trace-worker.h"
#include "trace-clicks.h"

/* A link to trace, or with LINK < 0 the end of the thread. */
typedef struct
{
  TraceWorker    *worker;
  gint            generation;
  gint            link;
  TesseraTrace    params;
  TesseraBackend  backend;
  gboolean        closed;
  gint            n_clicks;
  TesseraPoint    clicks[];
} TraceJob;

typedef struct
{
  TraceWorker   *worker;
  gint           generation;
  gint           link;
  TesseraStatus  status;
  gint           n_points;
  TesseraPoint   path[];
} TraceResult;

struct _TraceWorker
{
  gint                refs;        /* the dialog's, one per result sent */
  gint                generation;  /* atomic: jobs of another are dropped */
  gboolean            closed;      /* main thread: results are dropped */
  GAsyncQueue        *jobs;
  GThread            *thread;
  const TesseraImage *image;
  TesseraGradient     gradient;    /* worker thread: the whole image's */
  gdouble             sigma;       /* of GRADIENT; < 0 before the first */
  TraceWorkerDone     done;
  gpointer            user_data;
};

static void
worker_unref (TraceWorker *worker)
{
  if (! g_atomic_int_dec_and_test (&worker->refs))
    return;
  g_async_queue_unref (worker->jobs);
  g_free (worker);
}

static gboolean
job_wanted (const TraceJob *job)
{
  return job->generation == g_atomic_int_get (&job->worker->generation);
}

static bool
still_wanted (double  fraction,
              void   *user_data)
{
  return job_wanted (user_data);
}

/* The dialog shows no message for the GPU's absence: the backend combo
 * already says it. */
static void
fall_back_silently (TesseraStatus why,
                    void         *user_data)
{
}

static gboolean
deliver (gpointer data)
{
  TraceResult *result = data;
  TraceWorker *worker = result->worker;

  if (! worker->closed
      && result->generation == g_atomic_int_get (&worker->generation))
    worker->done (result->link, result->status, result->path,
                  result->n_points, worker->user_data);
  worker_unref (worker);
  g_free (result);
  return G_SOURCE_REMOVE;
}

/* The whole image's gradient, computed on the first link and kept: each
 * link needs the contrast at all the clicks of its chain, and computing it
 * once costs less than a link's window each time (bench/RESULTS.md, Trace
 * Line). */
static TesseraStatus
ensure_gradient (TraceWorker *worker,
                 gdouble      sigma,
                 TesseraExec *exec)
{
  TesseraStatus status;

  if (worker->sigma == sigma)
    return TESSERA_OK;
  tessera_gradient_free (&worker->gradient);
  worker->sigma = -1.0;
  status = tessera_gradient_compute (worker->image, 0, 0,
                                     worker->image->width,
                                     worker->image->height, sigma,
                                     &worker->gradient, exec);
  if (status == TESSERA_OK)
    worker->sigma = sigma;
  return status;
}

static TesseraStatus
trace_job (TraceWorker    *worker,
           const TraceJob *job,
           TesseraPoint   *path)
{
  TesseraExec   exec = tessera_exec_reporting (job->backend, still_wanted,
                                               fall_back_silently,
                                               (gpointer) job);
  TesseraStatus status;

  status = ensure_gradient (worker, job->params.sigma, &exec);
  if (status != TESSERA_OK)
    return status;
  return tessera_trace_chain_link (&worker->gradient, job->clicks,
                                   job->n_clicks, job->closed, job->link,
                                   &job->params, path, &exec);
}

static gpointer
worker_thread (gpointer data)
{
  TraceWorker *worker = data;
  TraceJob    *job;

  while ((job = g_async_queue_pop (worker->jobs))->link >= 0)
    {
      gint         n_points = job->params.nodes + 2;
      TraceResult *result;

      if (! job_wanted (job))
        {
          g_free (job);
          continue;
        }
      result = g_malloc (sizeof (TraceResult)
                         + sizeof (TesseraPoint) * n_points);
      result->worker     = worker;
      result->generation = job->generation;
      result->link       = job->link;
      result->n_points   = n_points;
      result->status     = trace_job (worker, job, result->path);
      g_free (job);

      g_atomic_int_inc (&worker->refs);
      g_idle_add (deliver, result);
    }
  g_free (job);
  tessera_gradient_free (&worker->gradient);
  return NULL;
}

TraceWorker *
trace_worker_new (const TesseraImage *image,
                  TraceWorkerDone     done,
                  gpointer            user_data)
{
  TraceWorker *worker = g_new0 (TraceWorker, 1);

  worker->refs      = 1;
  worker->jobs      = g_async_queue_new ();
  worker->image     = image;
  worker->sigma     = -1.0;
  worker->done      = done;
  worker->user_data = user_data;
  worker->thread    = g_thread_new ("tessera-trace", worker_thread, worker);
  return worker;
}

void
trace_worker_restart (TraceWorker *worker)
{
  g_atomic_int_inc (&worker->generation);
}

void
trace_worker_trace (TraceWorker        *worker,
                    gint                link,
                    const TesseraPoint *clicks,
                    gint                n_clicks,
                    gboolean            closed,
                    const TesseraTrace *params,
                    TesseraBackend      backend)
{
  TraceJob *job = g_malloc0 (sizeof (TraceJob)
                             + sizeof (TesseraPoint) * n_clicks);

  job->worker     = worker;
  job->generation = g_atomic_int_get (&worker->generation);
  job->link       = link;
  job->closed     = closed;
  job->n_clicks   = n_clicks;
  memcpy (job->clicks, clicks, sizeof (TesseraPoint) * n_clicks);
  job->params     = *params;
  job->backend    = backend;
  g_async_queue_push (worker->jobs, job);
}

void
trace_worker_free (TraceWorker *worker)
{
  TraceJob *end = g_new0 (TraceJob, 1);

  worker->closed = TRUE;
  trace_worker_restart (worker);
  end->link = -1;
  g_async_queue_push (worker->jobs, end);
  g_thread_join (worker->thread);
  worker_unref (worker);
}
