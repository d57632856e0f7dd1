/**
 * What one episode's comparisons learn about how its recorded screenshots were encoded, so
 * each capture is taken the cheapest way that can still tell.
 *
 * A recording made by this Chromium holds the very bytes a live capture of the same pixels
 * gives (its encoder is deterministic): most steps compare bytes alone, and nothing changes.
 * A recording made anywhere else (another machine, browser or encoder) holds the same pixels
 * in other bytes, and every step decodes both images. Once a step has shown that (other bytes,
 * every pixel the same), the rest of the episode decodes each recorded image while the browser
 * takes the live picture, and captures in Chromium's faster encoding, as byte equality is out
 * of reach: ~20 ms a step less.
 */
export class RecordedBytes {
  private otherEncoder = false;

  /** This recording's bytes were shown to come from another encoder. */
  get fromOtherEncoder(): boolean {
    return this.otherEncoder;
  }

  /** A step's images held the same pixels in other bytes. */
  sawOtherEncoding(): void {
    this.otherEncoder = true;
  }
}
