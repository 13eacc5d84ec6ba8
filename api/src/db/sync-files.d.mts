export declare function syncTree(dir: string): void;

export declare function syncPath(path: string): void;
