import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FileUpload } from '../../components/file-upload';
import { usePagedList } from '../../lib/paged-list';
import type { DocumentType } from '../../../shared/documents';
import { adminDocumentsQuery, clientDocumentsQuery, documentUpload, useRefreshDocuments } from '../documents/api';
import { SectionList } from '../documents/section-list';

const TYPE: DocumentType = 'Secret to Wealth Documents';

/** The Business Documents section 'Secret to Wealth Documents': the client uploads and sees theirs; admins see every client's. */
export function WealthDocuments({ clientId, isAdmin }: { clientId: string | null; isAdmin: boolean }) {
  const refresh = useRefreshDocuments();
  return (
    <Card role="region" aria-labelledby="wealth-documents-heading">
      <CardHeader>
        <CardTitle id="wealth-documents-heading" className="text-lg">
          Secret to Wealth Documents
        </CardTitle>
        <CardDescription>
          {isAdmin ? (
            <>
              Every client’s documents of this section. To upload for a client, choose them on{' '}
              <Link to="/documents" className="font-medium text-brand-800 underline underline-offset-2">
                Business Documents
              </Link>
              .
            </>
          ) : (
            'Keep the worksheets and notes you make while reading here. They are also listed under Business Documents.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!isAdmin && clientId && (
          <FileUpload
            label="Upload a document"
            target={documentUpload(clientId)}
            fields={{ documentType: TYPE }}
            onUploaded={(body) => {
              toast.success(`${body.document.documentName} uploaded.`);
              void refresh(body.document.userId);
            }}
          />
        )}
        {isAdmin ? <AdminList /> : clientId && <ClientList clientId={clientId} />}
      </CardContent>
    </Card>
  );
}

const ClientList = ({ clientId }: { clientId: string }) => (
  <SectionList query={usePagedList(clientDocumentsQuery(clientId, TYPE))} showClient={false} />
);
const AdminList = () => (
  <SectionList
    query={usePagedList(adminDocumentsQuery(null, TYPE))}
    showClient
    empty="No client has uploaded a Secret to Wealth document yet."
  />
);
