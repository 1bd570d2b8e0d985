import type { Plugin } from 'vite';
export declare const yamlDocuments: () => Plugin;
