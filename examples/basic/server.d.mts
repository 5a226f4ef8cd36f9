/** Starts the example's notes and weather service on 127.0.0.1. */
export function startExampleServer(options?: {
  port?: number;
  notesToken?: string;
  weatherKey?: string;
}): Promise<{ url: string; close: () => Promise<void> }>;
