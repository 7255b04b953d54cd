using System.Net;
using NFX.Glue.Example;

// dotnet run --project GlueExample -- server 5005 [secret]
// dotnet run --project GlueExample -- client 127.0.0.1:5005 [secret]
const string DefaultSecret = "example-secret";
string mode = args.Length > 0 ? args[0] : string.Empty;
string secret = args.Length > 2 ? args[2] : DefaultSecret;
try
{
    if (mode == "server" && args.Length > 1 && int.TryParse(args[1], out int port))
    {
        await ServerNode.RunAsync(port, secret);
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
Console.Error.WriteLine("usage: server <port> [secret] | client <host:port> [secret]");
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
