// The forum (product §3, decision 0204): categories, threads and replies. A thread or reply waits
// for moderation; its author and the category's moderators see it pending.
import { createRouter } from '../platform/route';
import * as handlers from './forum.handlers';
import * as routes from './forum.routes';

export const forumRoutes = createRouter()
  .openapi(routes.categories, handlers.categories)
  .openapi(routes.threads, handlers.threads)
  .openapi(routes.createThread, handlers.createThread)
  // The thread page. Its view was counted before the answer cache was asked (./views.ts), so a
  // visitor's answer can be kept and shared like any public read.
  .openapi(routes.thread, handlers.thread)
  // A reply waits for moderation like a thread; the thread's reply counters move when it is approved.
  .openapi(routes.reply, handlers.reply)
  .openapi(routes.editThread, handlers.editThread)
  .openapi(routes.deleteThread, handlers.deleteThread)
  .openapi(routes.editPost, handlers.editPost)
  .openapi(routes.deletePost, handlers.deletePost);
