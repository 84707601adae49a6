export declare const BUILD_INPUTS: string[];
export declare function buildInputsHash(root?: string): string;
