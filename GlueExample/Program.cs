using System.Net;
using NFX.Glue.Example;

// dotnet run --project GlueExample -- server [address:]port [secret]   (a bare port listens on loopback only)
// dotnet run --project GlueExample -- client host:port [secret]
const string DefaultSecret = "example-secret";
string mode = args.Length > 0 ? args[0] : string.Empty;
string secret = args.Length > 2 ? args[2] : DefaultSecret;
try
{
    if (mode == "server" && args.Length > 1 && ParseBindAddress(args[1]) is IPEndPoint bindTo)
    {
        await ServerNode.RunAsync(bindTo, secret);
        return 0;
    }
    if (mode == "client" && args.Length > 1)
    {
        await ClientNode.RunAsync(ParseEndPoint(args[1]), secret);
        return 0;
    }
}
catch (NFX.Glue.GlueException e)
{
    Console.Error.WriteLine($"{e.GetType().Name}: {e.Message}");
    return 1;
}
Console.Error.WriteLine("usage: server [address:]<port> [secret] (e.g. 0.0.0.0:5005 for every interface; a bare port is loopback only) | client <host:port> [secret]");
return 2;

static EndPoint ParseEndPoint(string text)
{
    if (IPEndPoint.TryParse(text, out IPEndPoint? ip))
    {
        return ip;
    }
    int colon = text.LastIndexOf(':');
    return new DnsEndPoint(text[..colon], int.Parse(text[(colon + 1)..], System.Globalization.CultureInfo.InvariantCulture));
}

// Listening on every interface is a choice the user makes on the command line, never a default.
static IPEndPoint? ParseBindAddress(string text)
{
    if (int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int port))
    {
        return port <= IPEndPoint.MaxPort ? new IPEndPoint(IPAddress.Loopback, port) : null;
    }
    return IPEndPoint.TryParse(text, out IPEndPoint? endPoint) ? endPoint : null;
}
