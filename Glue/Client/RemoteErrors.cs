using System.Buffers;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Slim;

namespace NFX.Glue.Client;

/// <summary>
/// Turns the server's Error frames into the exceptions callers get: by kind, naming the method; an implementation's
/// exception becomes a <see cref="RemoteException"/>, carrying the exception object itself when its type is one the
/// client accepts (<see cref="GlueClientOptions.RemoteExceptionTypes"/>, an exact whitelist).
/// </summary>
internal sealed class RemoteErrors
{
    private readonly IGlueSerializer? _exceptionReader;
    private readonly HashSet<Type>? _remoteExceptionTypes;

    public RemoteErrors(GlueClient client)
    {
        if (client.Options.RemoteExceptionTypes.Count > 0)
        {
            SlimTypePolicy policy = SlimTypePolicy.Default.AllowTypes([.. client.Options.RemoteExceptionTypes]);
            _exceptionReader = client.SerializerFactory.CreateStateless(policy, client.Options.MaxMessageSize);
            _remoteExceptionTypes = [.. client.Options.RemoteExceptionTypes];
        }
    }

    /// <summary>True when the client reads exception objects (the Hello asks the server to send them).</summary>
    public bool AcceptsExceptionObjects => _exceptionReader is not null;

    public Exception ToException(ErrorMessage error, MethodDescriptor? method)
    {
        string where = method is null ? string.Empty : $" ({method.DisplayName})";
        switch (error.Kind)
        {
            case ErrorKind.Remote:
                return new RemoteException(error.TypeName, error.Message, error.StackTrace, ReadExceptionObject(error));
            case ErrorKind.Serialization:
                return new GlueSerializationException($"The server could not serialize the result{where}: {error.Message}");
            case ErrorKind.ArgumentsRejected:
                return new GlueSerializationException($"The server could not deserialize the arguments{where}: {error.Message}");
            case ErrorKind.DeadlineExceeded:
                return new GlueTimeoutException($"The call{where} did not complete before its deadline; the server canceled it.");
            case ErrorKind.Unavailable:
                return new GlueUnavailableException($"The server is stopping and did not run the call{where}: {error.Message}");
            case ErrorKind.MessageTooLarge:
                return new GlueMessageTooLargeException($"The server's result{where} is over the maximum message size: {error.Message}");
            case ErrorKind.InvalidCall:
                return new GlueProtocolException($"The server refused the call{where} without running it: {error.Message}");
            default:
                return new GlueException($"The server failed the call{where}: {error.TypeName}: {error.Message}");
        }
    }

    private Exception? ReadExceptionObject(ErrorMessage error)
    {
        if (_exceptionReader is null || error.ExceptionBytes is not { Length: > 0 } bytes)
        {
            return null;
        }
        try
        {
            // A separate per-message serializer: a type the policy refuses costs this object only, not the connection.
            var remote = _exceptionReader.Deserialize(new ReadOnlySequence<byte>(bytes)) as Exception;
            return remote is not null && OnlyListedTypes(remote) ? remote : null;
        }
        catch (Exception)
        {
            return null;
        }
    }

    /// <summary>
    /// RemoteExceptionTypes is an exact whitelist: the reader's type policy also admits the core library's exceptions
    /// (the default policy's rule), so the object, its inner exceptions and an aggregate's members must each be of a
    /// listed type exactly; otherwise the caller gets the text only.
    /// </summary>
    private bool OnlyListedTypes(Exception remote)
    {
        var pending = new Stack<Exception>();
        pending.Push(remote);
        // Bounded: a crafted chain cannot keep the check busy (the message size already bounds the object count).
        for (int seen = 0; pending.TryPop(out Exception? e); seen++)
        {
            if (seen >= 256 || !_remoteExceptionTypes!.Contains(e.GetType()))
            {
                return false;
            }
            if (e is AggregateException aggregate)
            {
                foreach (Exception inner in aggregate.InnerExceptions)
                {
                    pending.Push(inner);
                }
            }
            else if (e.InnerException is Exception inner)
            {
                pending.Push(inner);
            }
        }
        return true;
    }
}
