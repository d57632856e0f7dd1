import { BrowserNotFound, findChromium } from '../replay/browser.js';

/** Which browser a run would use. Exit 3 when there is none (setup installs one then). */
export function doctorCommand(print: (line: string) => void = console.log): number {
  try {
    const choice = findChromium();
    print(
      `browser: ${choice.executablePath} (${choice.source === 'playwright' ? 'installed by Playwright' : choice.source === 'env' ? 'from REPLAYWRIGHT_CHROMIUM' : 'system'})`,
    );
    if (choice.headlessShell) print(`headless: ${choice.headlessShell} (its headless shell)`);
    else if (choice.source === 'system')
      print('headless: the same browser (a faster headless shell: apt-get install chromium-headless-shell)');
    return 0;
  } catch (error) {
    if (error instanceof BrowserNotFound) {
      console.error(error.message);
      return 3;
    }
    throw error;
  }
}
