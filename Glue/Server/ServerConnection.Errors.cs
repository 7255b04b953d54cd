using NFX.Glue.Protocol;

namespace NFX.Glue.Server;

/// <summary>How a failed call is described to its caller.</summary>
internal sealed partial class ServerConnection
{
    public ErrorMessage DescribeError(Exception error, bool fromImplementation)
    {
        byte[]? bytes = null;
        if (_sendExceptionObjects && fromImplementation)
        {
            bytes = _server.TrySerializeException(error);
        }
        return new ErrorMessage(fromImplementation ? ErrorKind.Remote : ErrorKind.Server,
            error.GetType().FullName ?? error.GetType().Name, error.Message, error.StackTrace, bytes);
    }

    public void ReportUnobservedError(Exception error) => _server.Options.OneWayErrorHandler?.Invoke(error);
}
