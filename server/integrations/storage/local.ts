// Local-disk file storage (development, tests, single-host installs): DATA_DIR/files/<key>.
// Writes go to a temporary file first and are renamed into place, so a reader never sees half a file.
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { type FileStorage, assertKey } from './storage'

export function localDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertKey(key)
    const path = join(root, key)
    if (!path.startsWith(root + sep)) throw new Error('storage key escapes the root')
    return path
  }
  return {
    kind: 'local',
    async put(key, data) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`
      await Bun.write(tmp, data)
      await rename(tmp, path)
    },
    async get(key) {
      const path = pathOf(key)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) return null
      const file = Bun.file(path)
      return { size: info.size, body: () => file, bytes: () => file.bytes() }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
