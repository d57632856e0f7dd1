/** The part of yargs' internals (not in its types) that lays out a command's help ahead. */
interface HelpCaching {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } };
}

/**
 * Before running a command's handler, yargs lays out that command's whole help text (~70 ms for
 * run's options, on the main thread) and keeps it in case the handler fails and help is shown.
 * Our fail handler never shows help, and those 70 ms would hold up Chromium's early launch, which
 * the handler starts right after. A yargs without this internal is left as it is.
 */
export function skipHelpCache(cli: object): void {
  const usage = (cli as HelpCaching).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
}
