import { Modal } from '../../../components/ui/modal.tsx';
import { useOnline } from '../../../hooks/use-online.ts';
import { useRunSearch } from '../hooks/use-run-search.ts';
import { SearchOfflineNote } from './offline-note.tsx';
import { SearchBox } from './search-box.tsx';
import './search.css';

/** The search dialog: the box with its suggestions and recent searches. */
export function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const online = useOnline();
  const runSearch = useRunSearch();
  return (
    <Modal open={open} onClose={onClose} title="Search" size="medium">
      <div className="search-modal">
        {!online && <SearchOfflineNote />}
        <SearchBox
          onSearch={(text) => {
            onClose();
            runSearch(text);
          }}
          onOpen={onClose}
          onEscape={onClose}
        />
      </div>
    </Modal>
  );
}
