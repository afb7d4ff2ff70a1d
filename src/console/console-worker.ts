/**
 * The console's worker: its server and session live here, off the page's thread, so a line
 * that runs for seconds never stalls the page, and the page can end it (Stop, SCRIPT KILL)
 * by ending this worker and starting another.
 */
import { ConsoleHost, type HostReply, type HostRequest } from './console-host.ts';

const scope = self as unknown as {
  postMessage(reply: HostReply): void;
  onmessage: ((e: MessageEvent<HostRequest>) => void) | null;
};
const host = new ConsoleHost((reply) => scope.postMessage(reply));
scope.onmessage = (e) => host.handle(e.data);
