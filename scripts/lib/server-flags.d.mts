export declare function serverNodeFlags(env: NodeJS.ProcessEnv): string[];
