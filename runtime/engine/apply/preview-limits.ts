/** The most frames a preview waits for (10 seconds at 60 fps). Its own module: the CLI's flag help reads it without loading the bridge client. */
export const MAX_PREVIEW_FRAMES = 600;
