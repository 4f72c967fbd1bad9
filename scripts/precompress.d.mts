export function precompressDir(dir: string): Promise<void>;
