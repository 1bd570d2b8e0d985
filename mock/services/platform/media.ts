// Site media: file descriptors, upload and import URLs, imports that are PENDING and then READY (FAILED when the
// source URL says "fail"), list and search with cursor paging, the trash bin (delete, restore, delete for
// good), download and streaming URLs. The media manager is the merchant's.
import { DEFAULT_PAGE_SIZE, decodeBase64UrlText } from '../../../src/protocol';
import { cursorPage } from '../../computations/paging';
import { sortRecords } from '../../computations/query-language';
import { invalidField } from '../../engine/failure';
import { type CallContext, defineService } from '../../engine/service-table';
import { bulkAnswer } from '../bulk-results';
import { eventsOf } from '../event-types';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { PlatformBody, PlatformQuery, PlatformSchema, ServerSet, Stored } from '../wire-types';
import { type Declaring, notFound, type PlatformCall } from './refusals';

type FileDescriptor = Stored<PlatformSchema<'FileDescriptor'>, ServerSet>;
type MediaType = NonNullable<FileDescriptor['mediaType']>;
type ImportRequest = PlatformSchema<'FileImportRequest'>;

// The seed names update and delete events of files besides ready and failed (the SDK's file module has only those).
const FILE_EVENTS = eventsOf('wix.media.site_media.v1.file_descriptor');

const MEDIA_ROOT = 'media-root';
/** The longest display name a file keeps: the import and upload requests take longer names and truncate them. */
const DISPLAY_NAME_LENGTH = 255;
const SITE_ID = '3f0a5c2e-8d41-4b7a-9c16-2e5d8f7a1b90';
const STATIC = 'https://static.wixstatic.com/media';

const EXTENSIONS: Readonly<Record<string, string>> = {
  IMAGE: '~mv2.jpg',
  VIDEO: '',
  AUDIO: '.mp3',
  DOCUMENT: '.pdf',
  ARCHIVE: '.zip',
  VECTOR: '.svg',
  MODEL3D: '.glb',
};

const mediaTypeOf = (mimeType: string | undefined, given: string | undefined): MediaType => {
  if (given && given !== 'UNKNOWN') return given as MediaType;
  const type = (mimeType ?? '').split('/')[0];
  if (mimeType === 'image/svg+xml') return 'VECTOR';
  if (type === 'image') return 'IMAGE';
  if (type === 'video') return 'VIDEO';
  if (type === 'audio') return 'AUDIO';
  if (/zip|x-tar|x-7z/.test(mimeType ?? '')) return 'ARCHIVE';
  return 'DOCUMENT';
};

const mediaOf = (id: string, type: MediaType, url: string, name: string): FileDescriptor['media'] => {
  if (type === 'IMAGE') return { image: { image: { id, url, width: 1200, height: 1600, altText: name } } };
  if (type === 'VIDEO') return { video: { id, url, title: name } };
  if (type === 'AUDIO') return { audio: { id } };
  if (type === 'ARCHIVE') return { archive: { id, url, filename: name } };
  return { document: { id, url, filename: name } };
};

const findFile = async (context: CallContext, id: string): Promise<FileDescriptor | undefined> =>
  (await context.store.get(COLLECTIONS.files, id)) ?? (await context.store.list(COLLECTIONS.files)).find((f) => f.url === id);

const fileOr404 = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>, id: string): Promise<FileDescriptor> => {
  const file = await findFile(context, id);
  if (!file) throw notFound(context, 'File', id);
  return file;
};

/** A file a bulk call names (those calls declare no 404: an unknown id is a field of the request at fault). */
const listedFile = async (context: CallContext, id: string, field: string): Promise<FileDescriptor> => {
  const file = await findFile(context, id);
  if (!file) throw invalidField(field, `${id} is not a file of the site`);
  return file;
};

/** An import finishes when it is next looked at: READY, or FAILED when its source URL asks for it. */
const settle = async (context: CallContext, file: FileDescriptor): Promise<FileDescriptor> => {
  if (file.operationStatus !== 'PENDING') return file;
  const failed = /fail/i.test(file.sourceUrl ?? '');
  const done: FileDescriptor = { ...file, operationStatus: failed ? 'FAILED' : 'READY', updatedDate: context.now() };
  // File Failed says why (its webhook requires `error`); File Ready carries the file.
  const failure = {
    code: 'FILE_PROCESSING_FAILED',
    description: `The file at ${(file.sourceUrl ?? '').slice(0, 500)} could not be imported`,
  };
  return saveAndEmit(
    context,
    COLLECTIONS.files,
    done,
    failed ? FILE_EVENTS.file_failed : FILE_EVENTS.file_ready,
    failed ? { actionEvent: { body: { externalInfo: {}, error: failure } } } : { actionEvent: { body: { file: done } } },
  );
};

const newFile = (
  context: CallContext,
  request: ImportRequest | PlatformBody<'generateFileUploadUrl'>,
  sourceUrl?: string,
): FileDescriptor => {
  const type = mediaTypeOf(request.mimeType, (request as ImportRequest).mediaType);
  const id = `0abec0_${context.newId().replace(/-/g, '')}${EXTENSIONS[type] ?? ''}`;
  const url = `${STATIC}/${id}`;
  const name = ((request as ImportRequest).displayName ?? (request as PlatformBody<'generateFileUploadUrl'>).fileName ?? id).slice(
    0,
    DISPLAY_NAME_LENGTH,
  );
  const now = context.now();
  return {
    id,
    displayName: name,
    url,
    parentFolderId: request.parentFolderId ?? MEDIA_ROOT,
    private: request.private ?? false,
    mediaType: type,
    media: mediaOf(id, type, url, name),
    operationStatus: 'PENDING',
    ...(sourceUrl && { sourceUrl }),
    ...(type === 'IMAGE' && { thumbnailUrl: `${url}/v1/fit/w_50,h_50,q_90/file.jpg` }),
    labels: request.labels ?? [],
    createdDate: now,
    updatedDate: now,
    siteId: SITE_ID,
    state: 'OK',
    ...(request.mimeType && { mimeType: request.mimeType }),
  };
};

const importOne = async (context: CallContext, request: ImportRequest): Promise<FileDescriptor> => {
  const file = newFile(context, request, request.url);
  await context.store.put(COLLECTIONS.files, file.id as string, file);
  return file;
};

interface ListRequest {
  readonly parentFolderId?: string;
  readonly mediaTypes?: readonly string[];
  readonly private?: boolean;
  readonly search?: string;
  readonly sort?: { readonly fieldName?: string; readonly order?: string };
  readonly paging?: { readonly limit?: number; readonly cursor?: string };
}

const listPage = async (context: CallContext, request: ListRequest, state: 'OK' | 'DELETED') => {
  const all = await Promise.all((await context.store.list(COLLECTIONS.files)).map((file) => settle(context, file)));
  const words = request.search?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const matching = all.filter(
    (file) =>
      file.state === state &&
      (request.parentFolderId === undefined || file.parentFolderId === request.parentFolderId) &&
      (!request.mediaTypes?.length || request.mediaTypes.includes(file.mediaType ?? '')) &&
      (request.private === undefined || file.private === request.private) &&
      words.every((word) => `${file.displayName ?? ''} ${(file.labels ?? []).join(' ')}`.toLowerCase().includes(word)),
  );
  const sort = request.sort?.fieldName
    ? [{ fieldName: request.sort.fieldName, order: request.sort.order ?? 'ASC' }]
    : [{ fieldName: 'updatedDate', order: 'DESC' }];
  const sorted = sortRecords(matching, sort, { sizeInBytes: 'sizeInBytes' });
  const offset = request.paging?.cursor ? decodeOffset(request.paging.cursor) : 0;
  const page = cursorPage(sorted, { offset, limit: request.paging?.limit ?? DEFAULT_PAGE_SIZE });
  return { files: page.items, nextCursor: { total: sorted.length, cursors: page.cursors.next ? { next: page.cursors.next } : {} } };
};

const decodeOffset = (cursor: string): number => {
  try {
    const text = decodeBase64UrlText(cursor) ?? decodeBase64UrlText(cursor, 'base64') ?? '';
    const state = JSON.parse(text) as { offset?: unknown; page?: unknown; limit?: unknown };
    if (Number.isInteger(state.offset)) return state.offset as number;
    // The platform's own cursors carry the page and its size.
    if (Number.isInteger(state.page) && Number.isInteger(state.limit)) return ((state.page as number) - 1) * (state.limit as number);
  } catch {
    // fall through
  }
  throw invalidField('paging.cursor', 'is not a cursor this mock issued', 'FORMAT');
};

const listQuery = (query: PlatformQuery<'listFiles'>): ListRequest => ({
  ...(query.parentFolderId !== undefined && { parentFolderId: query.parentFolderId }),
  ...(query.mediaTypes !== undefined && { mediaTypes: query.mediaTypes }),
  ...(query.private !== undefined && { private: query.private }),
  ...(query['sort.fieldName'] && { sort: { fieldName: query['sort.fieldName'], order: query['sort.order'] ?? 'ASC' } }),
  paging: {
    ...(query['paging.limit'] !== undefined && { limit: query['paging.limit'] }),
    ...(query['paging.cursor'] && { cursor: query['paging.cursor'] }),
  },
});

/** An upload URL naming the file (URLSearchParams, unlike encodeURIComponent, takes any text, lone surrogates too). */
const uploadUrl = (base: string, fileName: string | undefined): string =>
  `${base}?${new URLSearchParams({ filename: fileName ?? 'file' })}`;

const expiring = (minutes: number | undefined): string => `${Math.floor(Date.now() / 1000) + (minutes ?? 60) * 60}`;

export const mediaOperations = defineService('platform', {
  generateFilesDownloadUrl: {
    access: 'merchant',
    async handle(context) {
      const { fileIds } = context.body;
      for (const id of fileIds) await fileOr404(context, id);
      return { body: { downloadUrl: `https://archive.wixmp.com/archive/wix/${context.newId()}?expires=${expiring(60)}` } };
    },
  },
  generateFileDownloadUrl: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      const file = await fileOr404(context, request.fileId);
      const keys = request.assetKeys?.length ? request.assetKeys : ['src'];
      return {
        body: {
          downloadUrls: keys.map((assetKey) => {
            const url = new URL(`https://download-files.wixmp.com/${context.newId()}`);
            url.searchParams.set('file', file.id as string);
            url.searchParams.set('asset', assetKey);
            url.searchParams.set('filename', request.downloadFileName ?? file.displayName ?? 'file');
            url.searchParams.set('expires', expiring(request.expirationInMinutes));
            if (request.contentDisposition === 'INLINE') url.searchParams.set('inline', '1');
            return { url: url.toString(), assetKey };
          }),
        },
      };
    },
  },
  getFileDescriptor: {
    access: 'merchant',
    async handle(context) {
      const { fileId } = context.query;
      return { body: { file: await settle(context, await fileOr404(context, fileId)) } };
    },
  },
  getFileDescriptors: {
    access: 'merchant',
    async handle(context) {
      const { fileIds } = context.body;
      const files = [];
      for (const id of fileIds) files.push(await settle(context, await fileOr404(context, id)));
      return { body: { files } };
    },
  },
  updateFileDescriptor: {
    access: 'merchant',
    async handle(context) {
      const { file: patch } = context.body;
      const current = await fileOr404(context, patch.id);
      const updated: FileDescriptor = {
        ...current,
        ...(patch.displayName !== undefined && { displayName: patch.displayName }),
        ...(patch.parentFolderId !== undefined && { parentFolderId: patch.parentFolderId }),
        ...(patch.labels !== undefined && { labels: patch.labels }),
        updatedDate: context.now(),
      };
      await saveAndEmit(context, COLLECTIONS.files, updated, FILE_EVENTS.updated, { updatedEvent: { currentEntity: updated } });
      return { body: { file: updated } };
    },
  },
  generateFileUploadUrl: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      return { body: { uploadUrl: uploadUrl(`https://upload.wixmp.com/upload/${context.newId()}`, request.fileName) } };
    },
  },
  generateFileResumableUploadUrl: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      return {
        body: {
          uploadProtocol: request.uploadProtocol ?? 'TUS',
          uploadUrl: uploadUrl(`https://upload.wixmp.com/tus/${context.newId()}`, request.fileName),
          uploadToken: context.newId().replace(/-/g, ''),
        },
      };
    },
  },
  importFile: { access: 'merchant', handle: async (context) => ({ body: { file: await importOne(context, context.body) } }) },
  bulkImportFiles: {
    access: 'merchant',
    async handle(context) {
      const { importFileRequests } = context.body;
      const files = [];
      for (const request of importFileRequests) files.push(await importOne(context, request));
      return { body: { files } };
    },
  },
  bulkImportFile: {
    access: 'merchant',
    async handle(context) {
      const { importFileRequests, returnEntity } = context.body;
      const results = [];
      for (const [originalIndex, request] of importFileRequests.entries()) {
        const file = await importOne(context, request);
        results.push({ itemMetadata: { id: file.id, originalIndex, success: true }, ...(returnEntity !== false && { item: file }) });
      }
      return { body: bulkAnswer(results) };
    },
  },
  listFiles: { access: 'merchant', handle: async (context) => ({ body: await listPage(context, listQuery(context.query), 'OK') }) },
  listDeletedFiles: {
    access: 'merchant',
    handle: async (context) => ({ body: await listPage(context, listQuery(context.query), 'DELETED') }),
  },
  searchFiles: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      return {
        body: await listPage(
          context,
          {
            ...(request.search && { search: request.search }),
            ...(request.mediaTypes && { mediaTypes: request.mediaTypes }),
            ...(request.private !== undefined && { private: request.private }),
            ...(request.sort && { sort: request.sort }),
            ...(request.paging && { paging: request.paging }),
          },
          request.rootFolder === 'TRASH_ROOT' ? 'DELETED' : 'OK',
        ),
      };
    },
  },
  generateVideoStreamingUrl: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      const file = await fileOr404(context, request.fileId);
      if (file.mediaType !== 'VIDEO') throw invalidField('fileId', `${request.fileId} is not a video`);
      const format = (request.format ?? 'HLS').toLowerCase();
      const url = new URL(
        `https://repackager.wixmp.com/video.wixstatic.com/video/${context.newId()}/,720p,/mp4/file.mp4.urlset/master.${format === 'dash' ? 'mpd' : 'm3u8'}`,
      );
      url.searchParams.set('file', file.id as string);
      return { body: { downloadUrl: { url: url.toString(), assetKey: format } } };
    },
  },
  bulkDeleteFiles: {
    access: 'merchant',
    async handle(context) {
      const { fileIds, permanent } = context.body;
      for (const [index, id] of fileIds.entries()) {
        const file = await listedFile(context, id, `fileIds[${index}]`);
        if (permanent) await context.store.remove(COLLECTIONS.files, file.id as string);
        else await context.store.put(COLLECTIONS.files, file.id as string, { ...file, state: 'DELETED', updatedDate: context.now() });
        context.emit(FILE_EVENTS.deleted, file.id as string, { deletedEvent: { deletedEntity: { ...file, state: 'DELETED' } } });
      }
      return { body: {} };
    },
  },
  bulkRestoreFilesFromTrashBin: {
    access: 'merchant',
    async handle(context) {
      const { fileIds } = context.body;
      for (const [index, id] of fileIds.entries()) {
        const file = await listedFile(context, id, `fileIds[${index}]`);
        if (file.state !== 'DELETED') throw invalidField(`fileIds[${index}]`, `${id} is not in the trash bin`);
        const restored: FileDescriptor = { ...file, state: 'OK', updatedDate: context.now() };
        await saveAndEmit(context, COLLECTIONS.files, restored, FILE_EVENTS.updated, { updatedEvent: { currentEntity: restored } });
      }
      return { body: {} };
    },
  },
});
