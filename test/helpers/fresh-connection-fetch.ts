// For a server a test restarts on the same port. With keep-alive, the next request can go down a
// socket the previous instance closed before the client has read that close (nothing between the
// close and the request gives the event loop a poll phase): undici then fails it with "other side
// closed" — half the time in a loop of restarts. A connection per request cannot be stale.
import { Agent, fetch, type RequestInit } from 'undici';

const connectionPerRequest = new Agent({ pipelining: 0 });

export const freshConnectionFetch = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, dispatcher: connectionPerRequest });
