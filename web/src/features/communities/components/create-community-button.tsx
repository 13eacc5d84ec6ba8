import { useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { CreateCommunityModal } from './create-community-modal.tsx';

/** "Create community", opening the form in a modal. */
export function CreateCommunityButton() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
        <Icon name="plus" size={18} />
        Create community
      </button>
      <CreateCommunityModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
