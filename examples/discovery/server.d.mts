export declare function startYoutubeServer(options?: {
  port?: number;
  apiKey?: string;
}): Promise<{ url: string; close(): Promise<void> }>;
