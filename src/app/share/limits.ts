/** Fixed limits of share links: what the app makes, and what its decoder agrees to read. */

/** The link format this page writes and reads; a link with a higher number came from a newer app. */
export const LINK_VERSION = 1;

/** The URL fragment parameter that holds a link's payload: `#agon=1.<base64url>`. */
export const LINK_PARAM = 'agon';

/** Links made here stay under this many characters (whole URL), so chat apps and servers keep them intact. */
export const MAX_LINK_CHARS = 8000;

/** The decoder refuses payloads longer than this before doing any work (twice what the app makes, for long page addresses). */
export const MAX_PAYLOAD_CHARS = 16_384;

/** Decompression stops once the output passes this many bytes: no real experiment comes near it. */
export const MAX_INFLATED_BYTES = 256 * 1024;
